//! Answers only to the names of this machine. A page on another site can make its own name
//! point at the club's laptop (DNS rebinding): the browser then sends that page's requests
//! here with `Host` and `Origin` of that name and `Sec-Fetch-Site: same-origin`, so the
//! same-origin check (`same_origin`) lets them through, and the page can read the answers.
//! A `Host` that names this machine is an IP address (with any port), `localhost`, the
//! machine's own name (and `<name>.local`, as phones find it on the network), or a name the
//! club allowed at start (`--allowed-hosts`); any other name gets 421 and a line saying how
//! to allow it. A request without a `Host` is not a browser's and passes.

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::BTreeSet;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

/// The names this server answers to, besides IP addresses and `localhost`.
#[derive(Clone, Debug)]
pub struct AllowedHosts(Arc<BTreeSet<String>>);

/// What a `Host` header names.
#[derive(Debug, PartialEq, Eq)]
enum Named<'a> {
    /// An IPv4 address or a bracketed IPv6 one.
    Address,
    /// A DNS name, without its port (as sent: compared without case).
    Name(&'a str),
    /// Not a host at all.
    Malformed,
}

/// Reads `host[:port]`, `[v6][:port]`.
fn named(host: &str) -> Named<'_> {
    let port_ok = |p: &str| p.is_empty() || (p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    if let Some(rest) = host.strip_prefix('[') {
        let Some((v6, after)) = rest.split_once(']') else {
            return Named::Malformed;
        };
        let port = after.strip_prefix(':').unwrap_or(after);
        let bracketed_port = after.is_empty() || after.starts_with(':');
        return if v6.parse::<Ipv6Addr>().is_ok() && bracketed_port && port_ok(port) {
            Named::Address
        } else {
            Named::Malformed
        };
    }
    let (name, port) = host.rsplit_once(':').unwrap_or((host, ""));
    if !port_ok(port) || name.is_empty() {
        return Named::Malformed;
    }
    if name.parse::<Ipv4Addr>().is_ok() {
        return Named::Address;
    }
    let name_ok = name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_');
    if name_ok {
        Named::Name(name)
    } else {
        Named::Malformed
    }
}

/// A name as compared: lower case, without the root's dot (`localhost.` is `localhost`).
fn normal(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

impl AllowedHosts {
    /// This machine's names (`machine`, and `<machine>.local`) and the ones the club gave
    /// (`club`, with or without a port).
    pub fn new(machine: Option<&str>, club: &[String]) -> AllowedHosts {
        let mut names = BTreeSet::from(["localhost".to_string()]);
        if let Some(machine) = machine.map(normal).filter(|m| !m.is_empty()) {
            names.insert(format!("{machine}.local"));
            names.insert(machine);
        }
        for given in club {
            if let Named::Name(name) = named(given.trim()) {
                names.insert(normal(name));
            }
        }
        AllowedHosts(Arc::new(names))
    }

    /// The names allowed at start: this machine's and the club's.
    pub fn for_this_machine(club: &[String]) -> AllowedHosts {
        AllowedHosts::new(machine_name().as_deref(), club)
    }

    /// Does this `Host` name this machine? `Err` holds the name when it is a name refused.
    fn check(&self, host: &str) -> Result<(), Option<String>> {
        match named(host) {
            Named::Address => Ok(()),
            Named::Name(name) if self.0.contains(&normal(name)) => Ok(()),
            Named::Name(name) => Err(Some(normal(name))),
            Named::Malformed => Err(None),
        }
    }
}

/// The name this machine gives itself (`hostname`), if it has one that reads.
fn machine_name() -> Option<String> {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is valid for its length; gethostname writes at most that many
        // bytes and the name is read up to its first NUL (or the buffer's end).
        let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
        if rc != 0 {
            return None;
        }
        let end = buf.iter().position(|b| *b == 0).unwrap_or(buf.len());
        std::str::from_utf8(&buf[..end]).ok().map(str::to_string)
    }
    #[cfg(windows)]
    {
        std::env::var("COMPUTERNAME").ok()
    }
    #[cfg(not(any(unix, windows)))]
    {
        None
    }
}

/// The middleware.
pub async fn this_machine_only(
    State(allowed): State<AllowedHosts>,
    req: Request,
    next: Next,
) -> Response {
    let host = match req.headers().get(header::HOST) {
        Some(value) => value.to_str().ok(),
        None => match req.uri().authority() {
            Some(authority) => Some(authority.as_str()),
            None => return next.run(req).await,
        },
    };
    let refused = match host.map(|h| allowed.check(h)) {
        Some(Ok(())) => return next.run(req).await,
        Some(Err(name)) => name,
        None => None,
    };
    let how = match refused {
        Some(name) => format!(
            "clubtd does not answer to the name {name}: open it by this machine's address, \
             or start clubtd with --allowed-hosts {name} (or CLUBTD_ALLOWED_HOSTS={name})\n"
        ),
        None => "clubtd answers only to this machine's address or its allowed names \
                 (--allowed-hosts, CLUBTD_ALLOWED_HOSTS)\n"
            .to_string(),
    };
    (StatusCode::MISDIRECTED_REQUEST, how).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_this_machines_names_and_the_clubs_pass_and_other_names_do_not() {
        let allowed = AllowedHosts::new(Some("Club-Laptop"), &["td.club.example:3000".into()]);
        for ok in [
            "127.0.0.1:3917",
            "192.168.1.10",
            "[::1]:3000",
            "[fe80::1]",
            "localhost:3000",
            "LOCALHOST",
            "localhost.:3000",
            "club-laptop:3000",
            "club-laptop.local",
            "Club-Laptop.local.:80",
            "td.club.example",
            "TD.club.example:8080",
        ] {
            assert_eq!(allowed.check(ok), Ok(()), "{ok}");
        }
        for (refused, name) in [
            ("evil.example:3000", Some("evil.example")),
            ("evil.example", Some("evil.example")),
            ("club-laptop.evil.example", Some("club-laptop.evil.example")),
            ("localhost.evil.example", Some("localhost.evil.example")),
            ("127.0.0.1.nip.io:3000", Some("127.0.0.1.nip.io")),
            ("[::1", None),
            ("[::1]x", None),
            ("host:port", None),
            ("a b", None),
            ("", None),
        ] {
            assert_eq!(
                allowed.check(refused),
                Err(name.map(str::to_string)),
                "{refused}"
            );
        }
    }
}
