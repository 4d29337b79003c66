//! The API reference page, rendered by the server from the OpenAPI document itself (no
//! CDN, no script): every operation by tag with its method, path, summary, parameters,
//! body and answers, then every schema as JSON.

use utoipa::openapi::OpenApi;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole page.
pub fn page(doc: &OpenApi) -> String {
    let json = serde_json::to_value(doc).unwrap_or_default();
    let mut out = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>clubtd API</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;background:#111;color:#eee}a{color:#8cf}code,pre{background:#222;padding:.1rem .3rem;border-radius:4px}pre{padding:.6rem;overflow:auto;font-size:13px}.op{border-left:4px solid #486;padding:.2rem .8rem;margin:1rem 0}.m{font-weight:700;text-transform:uppercase;margin-right:.5rem}</style></head><body>",
    );
    out.push_str("<h1>clubtd API v1</h1>");
    if let Some(d) = json.pointer("/info/description").and_then(|d| d.as_str()) {
        out.push_str(&format!("<p>{}</p>", escape(d)));
    }
    out.push_str("<p>Machine-readable: <a href=\"/api/v1/openapi.json\">/api/v1/openapi.json</a>. Credentials: <code>Authorization: Bearer &lt;token&gt;</code> (made by the director, scope read or full), the director's session cookie, or <code>X-Table-Key</code> for a table's own actions.</p>");
    let tags: Vec<(String, String)> = json
        .pointer("/tags")
        .and_then(|t| t.as_array())
        .map(|a| {
            a.iter()
                .map(|t| {
                    (
                        t["name"].as_str().unwrap_or_default().to_string(),
                        t["description"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let paths = json
        .pointer("/paths")
        .and_then(|p| p.as_object())
        .cloned()
        .unwrap_or_default();
    for (tag, description) in &tags {
        out.push_str(&format!(
            "<h2 id=\"{0}\">{0}</h2><p>{1}</p>",
            escape(tag),
            escape(description)
        ));
        for (path, item) in &paths {
            let Some(ops) = item.as_object() else {
                continue;
            };
            for (method, op) in ops {
                let in_tag = op["tags"]
                    .as_array()
                    .is_some_and(|t| t.iter().any(|x| x.as_str() == Some(tag)));
                if !in_tag {
                    continue;
                }
                out.push_str("<div class=\"op\">");
                out.push_str(&format!(
                    "<p><span class=\"m\">{}</span><code>{}</code></p>",
                    escape(method),
                    escape(path)
                ));
                for key in ["summary", "description"] {
                    if let Some(s) = op[key].as_str() {
                        out.push_str(&format!("<p>{}</p>", escape(s)));
                    }
                }
                if let Some(body) = op.pointer("/requestBody/content/application~1json/schema") {
                    out.push_str(&format!(
                        "<p>Body: <code>{}</code></p>",
                        escape(&schema_name(body))
                    ));
                }
                if let Some(responses) = op["responses"].as_object() {
                    let list: Vec<String> = responses
                        .iter()
                        .map(|(status, r)| {
                            let body = r
                                .pointer("/content")
                                .and_then(|c| c.as_object())
                                .and_then(|c| c.values().next())
                                .and_then(|m| m.get("schema"))
                                .map(schema_name)
                                .unwrap_or_default();
                            format!("{status} {body}")
                        })
                        .collect();
                    out.push_str(&format!(
                        "<p>Answers: <code>{}</code></p>",
                        escape(&list.join(" · "))
                    ));
                }
                out.push_str("</div>");
            }
        }
    }
    out.push_str("<h2 id=\"schemas\">Schemas</h2>");
    if let Some(schemas) = json
        .pointer("/components/schemas")
        .and_then(|s| s.as_object())
    {
        for (name, schema) in schemas {
            out.push_str(&format!(
                "<h3 id=\"schema-{0}\">{0}</h3><pre>{1}</pre>",
                escape(name),
                escape(&serde_json::to_string_pretty(schema).unwrap_or_default())
            ));
        }
    }
    out.push_str("</body></html>");
    out
}

/// A schema's name (`$ref` tail), or its type.
fn schema_name(schema: &serde_json::Value) -> String {
    if let Some(r) = schema["$ref"].as_str() {
        return r.rsplit('/').next().unwrap_or(r).to_string();
    }
    if let Some(items) = schema.get("items") {
        return format!("[{}]", schema_name(items));
    }
    schema["type"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| "object".into())
}
