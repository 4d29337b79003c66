//! The server's connections: accepted with limits (named apart from the club's door, the
//! sign-up queue), so a laptop on the club's WiFi
//! that opens connections and sends nothing, sends its headers a byte at a time, or opens
//! hundreds of them, cannot stop the room's tablets and phones from being served.
//!
//! - a request's head must arrive within `header_timeout` (hyper's header-read timeout: slow
//!   headers; it also closes a keep-alive connection that waits that long for its next
//!   request), and a connection on which nothing moves either way for `idle_timeout`, while
//!   no answer is being made for it, is closed (a live stream sends its heartbeat every 10 s,
//!   so it never looks idle; a slow answer is waited for, and a body that never comes is cut
//!   off by `body_deadline`);
//! - at most `connections` connections at once (the rest wait in the kernel's backlog), and
//!   at most `per_address` from one address;
//! - live streams (server-sent events) are counted apart: a connection that becomes a live
//!   stream gives its place among the connections back and takes one among `streams`
//!   (at most `streams_per_address` from one address), so a room of phones following the
//!   clock never crowds out the pages, nor the other way round;
//! - the open-file limit is raised to what the system allows at start-up
//!   (`raise_open_files`), and the caps are kept below it;
//! - near the cap the connection keeper makes room before it lets the next one in (`shed_one`): it closes
//!   the least useful connection, one of the address holding the most connections, the
//!   quietest of those, never the director's (a connection that carried a valid director
//!   session or API token, `ConnectionSlot::trust`) nor the server's own machine's. A laptop
//!   that fills the connection keeper with connections that trickle or idle so loses its own first, and
//!   the desk, the tables and the phones, a few connections each, still get in at once;
//! - a request's body must come at a useful pace (`body_deadline`): a body still incomplete
//!   `BODY_GRACE` plus one second per `BODY_MIN_RATE` bytes received after its head is cut
//!   off, so a body sent a byte at a time holds no place for long.
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
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// The connection keeper's limits.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
    pub connections: usize,
    pub per_address: u32,
    pub streams: usize,
    pub streams_per_address: u32,
    /// When fewer places than this are free, each new connection first makes room by closing
    /// the least useful one (the room keeps this many places for whoever comes next).
    pub headroom: usize,
}

/// How long any request body may take, beyond one second per `BODY_MIN_RATE` bytes.
pub const BODY_GRACE: Duration = Duration::from_secs(10);
/// The slowest pace (bytes a second) a long body is let to keep: the club's WiFi is far
/// faster; a 32 MB log import may take 8 minutes at this pace.
pub const BODY_MIN_RATE: u64 = 64 * 1024;

impl ConnectionLimits {
    /// The limits for a club's room, kept below `open_files` (the process's limit).
    pub fn for_open_files(open_files: u64) -> ConnectionLimits {
        // Each connection is one file; leave room for the database, the logs and backups.
        let room = usize::try_from(open_files.saturating_sub(128)).unwrap_or(usize::MAX);
        let connections = room.clamp(64, 16_384) / 2;
        ConnectionLimits {
            // Also how long a keep-alive connection may wait for its next request (hyper
            // starts the timer when it waits for a head). Chromium drops the connections it
            // opened ahead and never used after 10 s, and does not retry a request that fails
            // on one: a server closing them at the same 10 s made a tap fail now and then (seen
            // in the Playwright suite). 30 s leaves the browser to close them first.
            header_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            connections,
            // A phone's browser opens six at most; a laptop with more is shed first anyway.
            per_address: 64,
            streams: connections,
            streams_per_address: 32,
            headroom: (connections / 16).max(8),
        }
    }
}

/// Counts per address, for the per-address caps.
#[derive(Default)]
struct PerAddress(Mutex<BTreeMap<IpAddr, u32>>);

impl PerAddress {
    /// Takes a place for `ip`, or says no when it has `cap` already.
    fn take(self: &Arc<Self>, ip: IpAddr, cap: u32) -> Option<AddressPlace> {
        let exempt = own_machine(ip);
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

/// The server's own machine: never held to the per-address caps, never shed.
fn own_machine(ip: IpAddr) -> bool {
    ip.is_loopback() && (ip == IpAddr::from([127, 0, 0, 1]) || ip.is_ipv6())
}

/// What the connection keeper knows of an open connection, to choose which to close near the cap.
struct Tracked {
    peer: IpAddr,
    activity: Arc<Activity>,
    flags: Arc<Flags>,
    /// Told to close (the connection's task ends at once).
    shed: Arc<Notify>,
}

/// What a connection turned out to be, set while it serves.
#[derive(Default)]
struct Flags {
    /// It carried a valid director session or API token.
    trusted: std::sync::atomic::AtomicBool,
    /// It carries a live stream (counted among the streams, not the connections).
    stream: std::sync::atomic::AtomicBool,
    /// Already told to close.
    shed: std::sync::atomic::AtomicBool,
}

/// The connection keeper: its limits and what is in use.
pub struct Connections {
    limits: ConnectionLimits,
    connections: Arc<Semaphore>,
    per_address: Arc<PerAddress>,
    streams: Arc<Semaphore>,
    streams_per_address: Arc<PerAddress>,
    open: Mutex<BTreeMap<u64, Tracked>>,
    next_id: AtomicU64,
}

/// What a connection holds while it is open: its place among the connections (or, once it
/// carries a live stream, among the streams) and its address's place. Every request on the
/// connection carries it (as an extension), so the live stream can trade the place.
#[derive(Clone)]
pub struct ConnectionSlot(Arc<Mutex<Places>>, Arc<Flags>);

struct Places {
    keeper: Arc<Connections>,
    peer: IpAddr,
    connection: Option<(OwnedSemaphorePermit, AddressPlace)>,
    stream: Option<(OwnedSemaphorePermit, AddressPlace)>,
}

/// No place is left for another live stream.
#[derive(Debug, PartialEq, Eq)]
pub struct StreamsFull;

impl ConnectionSlot {
    /// This connection carried the director's valid credential: it is the last to be closed
    /// when the connection keeper makes room.
    pub fn trust(&self) {
        self.1.trusted.store(true, Ordering::Relaxed);
    }

    /// Has this connection carried the director's valid credential?
    pub fn trusted(&self) -> bool {
        self.1.trusted.load(Ordering::Relaxed)
    }

    /// This connection carries a live stream from now on: its place among the connections is
    /// given back for one among the streams, or `StreamsFull`.
    pub fn become_stream(&self) -> Result<(), StreamsFull> {
        let mut places = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if places.stream.is_some() {
            return Ok(());
        }
        let keeper = places.keeper.clone();
        let permit = keeper
            .streams
            .clone()
            .try_acquire_owned()
            .map_err(|_| StreamsFull)?;
        let place = keeper
            .streams_per_address
            .take(places.peer, keeper.limits.streams_per_address)
            .ok_or(StreamsFull)?;
        places.stream = Some((permit, place));
        places.connection = None;
        self.1.stream.store(true, Ordering::Relaxed);
        Ok(())
    }
}

impl Connections {
    pub fn new(limits: ConnectionLimits) -> Arc<Connections> {
        Arc::new(Connections {
            connections: Arc::new(Semaphore::new(limits.connections)),
            streams: Arc::new(Semaphore::new(limits.streams)),
            per_address: Default::default(),
            streams_per_address: Default::default(),
            open: Mutex::new(BTreeMap::new()),
            next_id: AtomicU64::new(0),
            limits,
        })
    }

    pub fn limits(&self) -> &ConnectionLimits {
        &self.limits
    }

    /// Closes the least useful open connection, to make room for the next: among those not
    /// trusted, not the server's own machine's and not carrying a live stream, one of the
    /// address holding the most connections, the quietest of those. Nothing when none may go.
    fn shed_one(&self) {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        // One look at the counts for the whole choice (this runs at every accept near the cap).
        let counts = self.per_address.0.lock().unwrap_or_else(|e| e.into_inner());
        let victim = open
            .values()
            .filter(|t| {
                !own_machine(t.peer)
                    && !t.flags.trusted.load(Ordering::Relaxed)
                    && !t.flags.stream.load(Ordering::Relaxed)
                    && !t.flags.shed.load(Ordering::Relaxed)
            })
            .max_by_key(|t| {
                let held = counts.get(&t.peer).copied().unwrap_or(0);
                (held, t.activity.quiet_for())
            });
        if let Some(t) = victim {
            t.flags.shed.store(true, Ordering::Relaxed);
            t.shed.notify_one();
            tracing::debug!(peer = %t.peer, "connection closed to make room");
        }
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
            // Near the cap, room is made for the next one before it comes: a flood of
            // connections then costs the flooding laptop its own first (see `shed_one`).
            if self.connections.available_permits() <= self.limits.headroom {
                self.shed_one();
            }
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
            let flags = Arc::new(Flags::default());
            let slot = ConnectionSlot(
                Arc::new(Mutex::new(Places {
                    keeper: self.clone(),
                    peer: peer.ip(),
                    connection: Some((permit, place)),
                    stream: None,
                })),
                flags.clone(),
            );
            let activity = Arc::new(Activity::new());
            let shed = Arc::new(Notify::new());
            let id = self.next_id.fetch_add(1, Ordering::Relaxed);
            self.open.lock().unwrap_or_else(|e| e.into_inner()).insert(
                id,
                Tracked {
                    peer: peer.ip(),
                    activity: activity.clone(),
                    flags,
                    shed: shed.clone(),
                },
            );
            let io = TokioIo::new(Watched {
                inner: tcp,
                activity: activity.clone(),
            });
            // Each request carries the peer's address (for axum's `ConnectInfo`, as
            // `into_make_service_with_connect_info` would) and the connection's slot, and
            // keeps the connection from looking idle until its handler answers.
            let service = {
                use tower::ServiceExt;
                let slot = slot.clone();
                let activity = activity.clone();
                let router = router
                    .clone()
                    .map_request(move |mut req: axum::http::Request<hyper::body::Incoming>| {
                        req.extensions_mut()
                            .insert(axum::extract::ConnectInfo(peer));
                        req.extensions_mut().insert(slot.clone());
                        req
                    })
                    .map_future(move |answer| {
                        let answering = activity.answering();
                        async move {
                            let answered = answer.await;
                            drop(answering);
                            answered
                        }
                    });
                hyper_util::service::TowerToHyperService::new(router)
            };
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(self.limits.header_timeout)
                .serve_connection(io, service);
            let conn = graceful.watch(conn);
            let idle = self.limits.idle_timeout;
            let keeper = self.clone();
            tokio::spawn(async move {
                tokio::pin!(conn);
                let tick = (idle / 4).max(Duration::from_millis(250));
                loop {
                    tokio::select! {
                        _ = &mut conn => break,
                        () = shed.notified() => break,
                        () = tokio::time::sleep(tick) => {
                            if activity.idle_for() >= idle {
                                tracing::debug!(%peer, "idle connection closed");
                                break;
                            }
                        }
                    }
                }
                keeper
                    .open
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&id);
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

/// Middleware: a request's body must come at a useful pace. Cut off (an error to whoever
/// reads it: the handler answers 400 and the connection closes) once it is still incomplete
/// `BODY_GRACE` plus one second per `BODY_MIN_RATE` bytes received after its head.
pub async fn body_deadline(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let req =
        req.map(|body| axum::body::Body::new(PacedBody::new(body, BODY_GRACE, BODY_MIN_RATE)));
    next.run(req).await
}

/// A request body that fails when it comes too slowly (see `body_deadline`).
struct PacedBody {
    inner: axum::body::Body,
    started: tokio::time::Instant,
    grace: Duration,
    min_rate: u64,
    received: u64,
    timer: Pin<Box<tokio::time::Sleep>>,
}

/// A body cut off for coming too slowly.
#[derive(Debug, thiserror::Error)]
#[error("the request body came too slowly ({received} bytes in {seconds} s)")]
pub struct TooSlow {
    received: u64,
    seconds: u64,
}

impl PacedBody {
    fn new(inner: axum::body::Body, grace: Duration, min_rate: u64) -> PacedBody {
        let started = tokio::time::Instant::now();
        PacedBody {
            inner,
            started,
            grace,
            min_rate: min_rate.max(1),
            received: 0,
            timer: Box::pin(tokio::time::sleep_until(started + grace)),
        }
    }

    /// When the body must be whole by, given what came so far.
    fn deadline(&self) -> tokio::time::Instant {
        self.started + self.grace + Duration::from_secs(self.received / self.min_rate)
    }
}

impl hyper::body::Body for PacedBody {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => {
                let deadline = this.deadline();
                if this.timer.deadline() != deadline {
                    this.timer.as_mut().reset(deadline);
                }
                match this.timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Some(Err(axum::Error::new(TooSlow {
                        received: this.received,
                        seconds: this.started.elapsed().as_secs(),
                    })))),
                    Poll::Pending => Poll::Pending,
                }
            }
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

/// When a byte last went either way on a connection, and whether the server is working on
/// an answer for it.
struct Activity {
    start: Instant,
    last_ms: AtomicU64,
    /// Requests whose answer is being made (their handler has not answered yet). Nothing moves
    /// on the socket meanwhile, but the connection is not idle: a backup, an export or a page
    /// on a loaded laptop may take longer than `idle_timeout`, and closing the connection under
    /// it left the browser with no answer at all (seen as `IncompleteMessage` in the tests).
    answering: AtomicU64,
}

/// A request being answered on a connection (see `Activity::answering`); dropped when its
/// handler answers or is cancelled.
struct Answering(Arc<Activity>);

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
        // The quiet time starts when the answer's head is ready, not when the request came.
        self.0.touch();
    }
}

impl Activity {
    fn new() -> Activity {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
            answering: AtomicU64::new(0),
        }
    }

    fn answering(self: &Arc<Self>) -> Answering {
        self.answering.fetch_add(1, Ordering::Relaxed);
        Answering(self.clone())
    }

    fn touch(&self) {
        let ms = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    /// How long nothing moved on the socket. Near the cap the connection keeper sheds the
    /// quietest first, whether or not a handler is at work for it (a body trickling in looks
    /// busy by its bytes, as it did before answers were waited for).
    fn quiet_for(&self) -> Duration {
        let last = Duration::from_millis(self.last_ms.load(Ordering::Relaxed));
        self.start.elapsed().saturating_sub(last)
    }

    /// How long the connection has been idle: quiet, and no answer being made for it.
    fn idle_for(&self) -> Duration {
        if self.answering.load(Ordering::Relaxed) > 0 {
            return Duration::ZERO;
        }
        self.quiet_for()
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
        let small = ConnectionLimits::for_open_files(1024);
        assert!(small.connections + small.streams < 1024);
        let big = ConnectionLimits::for_open_files(65_536);
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
