//! The server's front door: accepting connections with limits, so a laptop on the club's WiFi
//! that opens connections and sends nothing, sends its headers a byte at a time, or opens
//! hundreds of them, cannot stop the room's tablets and phones from being served.
//!
//! - a request's head must arrive within `header_timeout` (hyper's header-read timeout: slow
//!   headers; it also closes a keep-alive connection that waits that long for its next
//!   request), and a connection on which nothing moves either way for `idle_timeout` is
//!   closed (a body that never comes; a live stream sends its heartbeat every 10 s, so it
//!   never looks idle);
//! - at most `connections` connections at once (the rest wait in the kernel's backlog), and
//!   at most `per_address` from one address;
//! - live streams (server-sent events) are counted apart: a connection that becomes a live
//!   stream gives its place among the connections back and takes one among `streams`
//!   (at most `streams_per_address` from one address), so a room of phones following the
//!   clock never crowds out the pages, nor the other way round;
//! - the open-file limit is raised to what the system allows at start-up
//!   (`raise_open_files`), and the caps are kept below it.
//!
//! The server's own machine (127.0.0.1, ::1) is not held to the per-address caps: whoever
//! sits at it runs the server anyway, and the load tests speak from there.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The door's limits.
#[derive(Clone, Debug)]
pub struct DoorLimits {
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
    pub connections: usize,
    pub per_address: u32,
    pub streams: usize,
    pub streams_per_address: u32,
}

impl DoorLimits {
    /// The limits for a club's room, kept below `open_files` (the process's limit).
    pub fn for_open_files(open_files: u64) -> DoorLimits {
        // Each connection is one file; leave room for the database, the logs and backups.
        let room = usize::try_from(open_files.saturating_sub(128)).unwrap_or(usize::MAX);
        let connections = room.clamp(64, 16_384) / 2;
        DoorLimits {
            // Also how long a keep-alive connection may wait for its next request (hyper
            // starts the timer when it waits for a head). Chromium drops the connections it
            // opened ahead and never used after 10 s, and does not retry a request that fails
            // on one: a server closing them at the same 10 s made a tap fail now and then (seen
            // in the Playwright suite). 30 s leaves the browser to close them first.
            header_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            connections,
            per_address: 128,
            streams: connections,
            streams_per_address: 32,
        }
    }
}

/// Counts per address, for the per-address caps.
#[derive(Default)]
struct PerAddress(Mutex<BTreeMap<IpAddr, u32>>);

impl PerAddress {
    /// Takes a place for `ip`, or says no when it has `cap` already.
    fn take(self: &Arc<Self>, ip: IpAddr, cap: u32) -> Option<AddressPlace> {
        let exempt = ip.is_loopback() && (ip == IpAddr::from([127, 0, 0, 1]) || ip.is_ipv6());
        let mut counts = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if *n >= cap && !exempt {
            if *n == 0 {
                counts.remove(&ip);
            }
            return None;
        }
        *n += 1;
        Some(AddressPlace {
            counts: self.clone(),
            ip,
        })
    }
}

/// One place of an address, given back when dropped.
struct AddressPlace {
    counts: Arc<PerAddress>,
    ip: IpAddr,
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut counts = self.counts.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// The door: its limits and what is in use.
pub struct Door {
    limits: DoorLimits,
    connections: Arc<Semaphore>,
    per_address: Arc<PerAddress>,
    streams: Arc<Semaphore>,
    streams_per_address: Arc<PerAddress>,
}

/// What a connection holds while it is open: its place among the connections (or, once it
/// carries a live stream, among the streams) and its address's place. Every request on the
/// connection carries it (as an extension), so the live stream can trade the place.
#[derive(Clone)]
pub struct ConnectionSlot(Arc<Mutex<Places>>);

struct Places {
    door: Arc<Door>,
    peer: IpAddr,
    connection: Option<(OwnedSemaphorePermit, AddressPlace)>,
    stream: Option<(OwnedSemaphorePermit, AddressPlace)>,
}

/// No place is left for another live stream.
#[derive(Debug, PartialEq, Eq)]
pub struct StreamsFull;

impl ConnectionSlot {
    /// This connection carries a live stream from now on: its place among the connections is
    /// given back for one among the streams, or `StreamsFull`.
    pub fn become_stream(&self) -> Result<(), StreamsFull> {
        let mut places = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if places.stream.is_some() {
            return Ok(());
        }
        let door = places.door.clone();
        let permit = door
            .streams
            .clone()
            .try_acquire_owned()
            .map_err(|_| StreamsFull)?;
        let place = door
            .streams_per_address
            .take(places.peer, door.limits.streams_per_address)
            .ok_or(StreamsFull)?;
        places.stream = Some((permit, place));
        places.connection = None;
        Ok(())
    }
}

impl Door {
    pub fn new(limits: DoorLimits) -> Arc<Door> {
        Arc::new(Door {
            connections: Arc::new(Semaphore::new(limits.connections)),
            streams: Arc::new(Semaphore::new(limits.streams)),
            per_address: Default::default(),
            streams_per_address: Default::default(),
            limits,
        })
    }

    pub fn limits(&self) -> &DoorLimits {
        &self.limits
    }

    /// Serves `router` on `listener` until `shutdown` completes, then lets open requests finish
    /// (live streams are ended by `live::close_all`; at most 10 s more).
    pub async fn serve(
        self: Arc<Self>,
        listener: TcpListener,
        router: Router,
        shutdown: impl Future<Output = ()> + Send,
    ) {
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        tokio::pin!(shutdown);
        loop {
            // A place first: beyond the cap, connections wait in the kernel's backlog.
            let permit = tokio::select! {
                p = self.connections.clone().acquire_owned() => match p {
                    Ok(p) => p,
                    Err(_) => break,
                },
                () = &mut shutdown => break,
            };
            let (tcp, peer) = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(a) => a,
                    Err(e) => {
                        // EMFILE and the like: wait a moment instead of spinning.
                        tracing::warn!("accept: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            let Some(place) = self.per_address.take(peer.ip(), self.limits.per_address) else {
                tracing::debug!(%peer, "too many connections from this address: closed");
                continue;
            };
            // Without TCP_NODELAY a compressed answer written in several pieces waits for the
            // client's delayed ACK (40 ms on Linux) before its last piece goes out.
            let _ = tcp.set_nodelay(true);
            let slot = ConnectionSlot(Arc::new(Mutex::new(Places {
                door: self.clone(),
                peer: peer.ip(),
                connection: Some((permit, place)),
                stream: None,
            })));
            let activity = Arc::new(Activity::new());
            let io = TokioIo::new(Watched {
                inner: tcp,
                activity: activity.clone(),
            });
            // Each request carries the peer's address (for axum's `ConnectInfo`, as
            // `into_make_service_with_connect_info` would) and the connection's slot.
            let service = {
                use tower::ServiceExt;
                let slot = slot.clone();
                let router = router.clone().map_request(
                    move |mut req: axum::http::Request<hyper::body::Incoming>| {
                        req.extensions_mut()
                            .insert(axum::extract::ConnectInfo(peer));
                        req.extensions_mut().insert(slot.clone());
                        req
                    },
                );
                hyper_util::service::TowerToHyperService::new(router)
            };
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(self.limits.header_timeout)
                .serve_connection(io, service);
            let conn = graceful.watch(conn);
            let idle = self.limits.idle_timeout;
            tokio::spawn(async move {
                tokio::pin!(conn);
                let tick = (idle / 4).max(Duration::from_millis(250));
                loop {
                    tokio::select! {
                        _ = &mut conn => break,
                        () = tokio::time::sleep(tick) => {
                            if activity.quiet_for() >= idle {
                                tracing::debug!(%peer, "idle connection closed");
                                break;
                            }
                        }
                    }
                }
                drop(slot);
            });
        }
        drop(listener);
        if tokio::time::timeout(Duration::from_secs(10), graceful.shutdown())
            .await
            .is_err()
        {
            tracing::warn!("connections still open after 10 s: closed");
        }
    }
}

/// When a byte last went either way on a connection.
struct Activity {
    start: Instant,
    last_ms: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        }
    }

    fn touch(&self) {
        let ms = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    fn quiet_for(&self) -> Duration {
        let last = Duration::from_millis(self.last_ms.load(Ordering::Relaxed));
        self.start.elapsed().saturating_sub(last)
    }
}

/// A connection's socket that notes every byte read or written.
struct Watched<T> {
    inner: T,
    activity: Arc<Activity>,
}

impl<T: AsyncRead + Unpin> AsyncRead for Watched<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Watched<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// Raises this process's open-file limit to the hard limit (at most 65,536) and returns
/// (before, now). A shell's default of 1,024 is two connections per phone in a big room.
pub fn raise_open_files() -> (u64, u64) {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct passed.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return (1024, 1024);
        }
        let before = limit.rlim_cur;
        let wanted = limit.rlim_max.min(65_536);
        if wanted > before {
            let raised = libc::rlimit {
                rlim_cur: wanted,
                rlim_max: limit.rlim_max,
            };
            // SAFETY: as above.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                return (before, wanted);
            }
        }
        (before, before)
    }
    #[cfg(not(unix))]
    {
        (u64::MAX, u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caps_stay_below_the_open_file_limit() {
        let small = DoorLimits::for_open_files(1024);
        assert!(small.connections + small.streams < 1024);
        let big = DoorLimits::for_open_files(65_536);
        assert!(big.connections + big.streams < 65_536);
        assert!(big.connections >= 4096, "a big room fits");
    }

    #[test]
    fn an_address_gets_its_cap_and_the_server_machine_is_exempt() {
        let counts = Arc::new(PerAddress::default());
        let laptop: IpAddr = "192.168.1.50".parse().unwrap();
        let held: Vec<_> = (0..3).map(|_| counts.take(laptop, 3).unwrap()).collect();
        assert!(counts.take(laptop, 3).is_none(), "the fourth is refused");
        assert!(counts.take("192.168.1.51".parse().unwrap(), 3).is_some());
        drop(held);
        assert!(counts.take(laptop, 3).is_some(), "places come back");
        let own: IpAddr = "127.0.0.1".parse().unwrap();
        let mine: Vec<_> = (0..10).map(|_| counts.take(own, 3)).collect();
        assert!(mine.iter().all(Option::is_some));
        let other_loopback: IpAddr = "127.0.0.2".parse().unwrap();
        let theirs: Vec<_> = (0..4).map(|_| counts.take(other_loopback, 3)).collect();
        assert!(
            theirs[3].is_none(),
            "only the machine's own address is exempt"
        );
    }
}
