//! Extractors that turn malformed input into problem details (400) instead of axum's plain
//! text rejections, so every answer of the API has one documented shape.

use super::problem::Problem;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

/// A JSON body.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Body(v)),
            Err(JsonRejection::MissingJsonContentType(e)) => {
                let mut p = Problem::bad_request("UNSUPPORTED_MEDIA_TYPE", e.body_text());
                p.status = 415;
                p.title = "Unsupported Media Type".into();
                Err(p)
            }
            Err(JsonRejection::BytesRejection(e)) => {
                let mut p = Problem::bad_request("BODY_TOO_LARGE", e.body_text());
                p.status = e.status().as_u16();
                if p.status >= 500 {
                    p.status = 400;
                }
                Err(p)
            }
            Err(e) => Err(Problem::bad_request("INVALID_JSON", e.body_text())),
        }
    }
}

/// Path parameters.
pub struct PathParams<T>(pub T);

impl<S, T> FromRequestParts<S> for PathParams<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(v)| PathParams(v))
            .map_err(|e: PathRejection| Problem::bad_request("INVALID_PATH", e.body_text()))
    }
}

/// Query parameters.
pub struct QueryParams<T>(pub T);

impl<S, T> FromRequestParts<S> for QueryParams<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(v)| QueryParams(v))
            .map_err(|e: QueryRejection| Problem::bad_request("INVALID_QUERY", e.body_text()))
    }
}
