//! The connections, so that even the errors the HTTP library answers
//! itself are JSON.
//!
//! hyper refuses a request it cannot parse (a URI over 64 KiB, more than
//! 100 headers, a head over about 400 KiB, a malformed request line)
//! before the router sees it, with a status and an empty body. Each
//! connection is wrapped in [`JsonErrors`], which rewrites such an answer
//! (a 4xx or 5xx head with `content-length: 0` and nothing after it) into
//! the same status with `{"error": "…"}`. The server's own answers always
//! carry a body, so they pass unchanged.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use serde_json::json;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// A TCP listener whose connections are [`JsonErrors`].
pub struct JsonListener(pub TcpListener);

impl axum::serve::Listener for JsonListener {
    type Io = JsonErrors<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = axum::serve::Listener::accept(&mut self.0).await;
        (JsonErrors::new(io), addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

/// A connection whose empty error answers are rewritten as JSON.
pub struct JsonErrors<T> {
    inner: T,
    /// A rewritten answer still to send, and how much of it went.
    pending: Vec<u8>,
    sent: usize,
}

impl<T: AsyncWrite + Unpin> JsonErrors<T> {
    /// Wraps `inner`.
    pub fn new(inner: T) -> JsonErrors<T> {
        JsonErrors {
            inner,
            pending: Vec::new(),
            sent: 0,
        }
    }

    /// Sends what is left of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrors<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrors<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        ready!(this.poll_pending(cx))?;
        if let Some(answer) = rewrite(buf) {
            // Taken whole: it goes out before anything else is written.
            this.pending = answer;
            if let Poll::Ready(Err(e)) = this.poll_pending(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The JSON answer replacing `head` when it is an empty error answer
/// (status 4xx or 5xx, `content-length: 0`, nothing after the head).
pub fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let body_at = text.find("\r\n\r\n")? + 4;
    if body_at != text.len() || !text.starts_with("HTTP/1.") {
        return None;
    }
    let mut lines = text[..body_at - 4].split("\r\n");
    let status_line = lines.next()?;
    let code: u16 = status_line.get(9..12)?.parse().ok()?;
    if !(400..600).contains(&code) {
        return None;
    }
    let headers: Vec<&str> = lines.collect();
    let empty = headers
        .iter()
        .any(|h| h.eq_ignore_ascii_case("content-length: 0"));
    if !empty {
        return None;
    }
    let body = json!({ "error": message(code) }).to_string();
    let mut out = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
        body.len()
    );
    for h in headers
        .iter()
        .filter(|h| !h.eq_ignore_ascii_case("content-length: 0"))
    {
        out.push_str(h);
        out.push_str("\r\n");
    }
    out.push_str("\r\n");
    out.push_str(&body);
    Some(out.into_bytes())
}

/// What an error the HTTP library answers means.
fn message(code: u16) -> String {
    match code {
        400 => "the request is not valid HTTP".into(),
        414 => "the request's URI is too long".into(),
        431 => "the request's headers are too large or too many".into(),
        _ => format!("the request was refused (HTTP {code})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_error_head_becomes_json() {
        let head = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite(head).unwrap()).unwrap();
        let (h, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(h.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        assert!(h.contains("content-type: application/json"));
        assert!(h.contains(&format!("content-length: {}", body.len())));
        assert!(h.contains("connection: close") && h.contains("date: x"));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            v["error"],
            "the request's headers are too large or too many"
        );
    }

    #[test]
    fn answers_with_a_body_or_success_pass() {
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert!(rewrite(ok).is_none());
        let json = b"HTTP/1.1 404 Not Found\r\ncontent-length: 9\r\n\r\n";
        assert!(rewrite(json).is_none());
        let with_body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nxx";
        assert!(rewrite(with_body).is_none());
        assert!(rewrite(b"{\"board\": 1}").is_none());
        assert!(rewrite(b"").is_none());
    }
}
