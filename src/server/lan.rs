//! The address phones reach the server at. The director usually opens the console on the
//! machine that runs clubtd (`localhost`), but a QR code or a personal link made from that
//! address is of no use to a phone: links for phones use the machine's address on the local
//! network instead, and the server prints it at the start.

use std::net::{IpAddr, SocketAddr, UdpSocket};

/// This machine's address on the local network, when the server listens on every interface
/// (`0.0.0.0`) and one is found: the interface of the default route, learned by "connecting"
/// a UDP socket (no packet is sent). `None` when bound to one address (that one is the
/// address) or when the machine has no network.
pub fn lan_address(bound: SocketAddr) -> Option<SocketAddr> {
    if !bound.ip().is_unspecified() {
        return None;
    }
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    // TEST-NET-1 (RFC 5737): never answered, only routed.
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(SocketAddr::new(ip, bound.port()))
}

/// The `host:port` a link for a phone names: the one the request came to, unless that is this
/// machine's own loopback name and the local network's address is known.
pub fn host_for_phones(request_host: Option<&str>, lan: Option<SocketAddr>) -> String {
    match (request_host, lan) {
        (Some(host), Some(lan)) if is_loopback_host(host) => lan.to_string(),
        (Some(host), _) => host.to_string(),
        (None, Some(lan)) => lan.to_string(),
        (None, None) => "localhost:3000".to_string(),
    }
}

/// `localhost` (or a name under it), `127.x.y.z` or `[::1]`, with or without a port: this
/// machine's own names, which browsers also treat as secure contexts over plain http.
pub fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    let lower = name.to_ascii_lowercase();
    lower == "localhost"
        || lower.ends_with(".localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_made_on_the_server_machine_names_the_local_network_address() {
        let lan: SocketAddr = "192.168.1.20:3000".parse().unwrap();
        for own in [
            "localhost:3000",
            "127.0.0.1:3000",
            "[::1]:3000",
            "LOCALHOST",
        ] {
            assert_eq!(host_for_phones(Some(own), Some(lan)), "192.168.1.20:3000");
        }
        // A tablet that reached the server over the network already has the right address.
        assert_eq!(
            host_for_phones(Some("192.168.1.20:3000"), Some(lan)),
            "192.168.1.20:3000"
        );
        assert_eq!(
            host_for_phones(Some("poker.local:3000"), Some(lan)),
            "poker.local:3000"
        );
        // Bound to one address, or no network: the request's address stays.
        assert_eq!(
            host_for_phones(Some("localhost:3000"), None),
            "localhost:3000"
        );
    }

    #[test]
    fn only_this_machines_own_names_are_loopback() {
        for own in [
            "localhost:3000",
            "td.localhost:3000",
            "127.0.0.1:3000",
            "[::1]:3000",
        ] {
            assert!(is_loopback_host(own), "{own}");
        }
        for other in ["192.168.1.20:3000", "clubtd.test:3000", "[fe80::1]:3000"] {
            assert!(!is_loopback_host(other), "{other}");
        }
    }

    #[test]
    fn only_a_server_on_every_interface_looks_for_its_network_address() {
        assert_eq!(lan_address("127.0.0.1:3000".parse().unwrap()), None);
        assert_eq!(lan_address("192.168.1.20:3000".parse().unwrap()), None);
        // On every interface: an address of this machine that is not loopback, if any.
        if let Some(found) = lan_address("0.0.0.0:3000".parse().unwrap()) {
            assert!(!found.ip().is_loopback());
            assert_eq!(found.port(), 3000);
        }
    }
}
