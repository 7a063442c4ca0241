//! What a request must show before the server acts on it, so that no
//! other web page the user visits can use the server (docs/serve.md):
//!
//! - `Host` names this server: `127.0.0.1`, `localhost` or `[::1]` with
//!   its port (a page on another name that resolves here, DNS rebinding,
//!   is refused);
//! - `Origin`, when present, is this server's own;
//! - a request that changes something (any method but GET and HEAD)
//!   carries the server's secret token in `X-Ludic-Token` (the token is
//!   in the page the server serves, which no other origin can read) and
//!   a JSON body as `Content-Type: application/json`.
//!
//! A refusal is a 403 (415 for the content type) with a JSON error. A
//! body declared longer than the server takes is refused before it is
//! read (413).

use axum::http::{HeaderMap, Method, StatusCode, Uri, header};

use super::error::ApiError;

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "x-ludic-token";

/// The loopback names the server answers to.
const NAMES: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// The server's port and secret token.
#[derive(Debug, Clone)]
pub struct Guard {
    port: u16,
    token: String,
}

impl Guard {
    /// A guard for the server on `port` with a new random token.
    pub fn new(port: u16) -> Guard {
        Guard {
            port,
            token: random_hex(),
        }
    }

    /// The token the page sends.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Checks a request's method, target and headers. A target in
    /// absolute form (`GET http://evil.example/…`) must name this server
    /// too: HTTP/1.1 reads the host from it rather than from `Host`.
    pub fn check(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), ApiError> {
        if let Some(authority) = uri.authority()
            && !self.is_own_host(authority.as_str())
        {
            return Err(ApiError::forbidden(format!(
                "refused: the request's target ({}) is not this server; open http://127.0.0.1:{}/",
                shown(Some(authority.as_str())),
                self.port
            )));
        }
        self.check_host(headers)?;
        self.check_origin(headers)?;
        if method == Method::GET || method == Method::HEAD {
            return Ok(());
        }
        self.check_token(headers)?;
        check_json(headers)
    }

    fn check_host(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        // HTTP/1.1 allows one Host (RFC 9112, 3.2), one Origin: with two,
        // which one a check reads and which one a proxy or a later
        // reader trusts could differ.
        for name in [header::HOST, header::ORIGIN] {
            if headers.get_all(&name).iter().count() > 1 {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("refused: the request has more than one {name} header"),
                ));
            }
        }
        let host = text(headers, header::HOST.as_str());
        if host.is_some_and(|h| self.is_own_host(h)) {
            return Ok(());
        }
        Err(ApiError::forbidden(format!(
            "refused: the Host header ({}) is not this server; open http://127.0.0.1:{}/",
            shown(host),
            self.port
        )))
    }

    /// True for a loopback name with this server's port (or none, on
    /// port 80).
    fn is_own_host(&self, host: &str) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            Some((n, p)) if !p.contains(']') => (n, p.parse::<u16>().ok()),
            _ => (host, Some(80)),
        };
        port == Some(self.port) && NAMES.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    fn check_origin(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let own = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|h| self.is_own_host(h));
        if own {
            return Ok(());
        }
        Err(ApiError::forbidden(format!(
            "refused: a request from another web page (Origin {})",
            shown(origin.to_str().ok())
        )))
    }

    fn check_token(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        match text(headers, TOKEN_HEADER) {
            Some(t) if same(t.as_bytes(), self.token.as_bytes()) => Ok(()),
            Some(_) => Err(ApiError::forbidden(
                "refused: wrong X-Ludic-Token (reload the page: the server was restarted?)",
            )),
            None => Err(ApiError::forbidden(
                "refused: a request that changes something needs the page's X-Ludic-Token header",
            )),
        }
    }
}

/// A body declared longer than `max` bytes is refused before it is read
/// (413).
pub fn check_length(headers: &HeaderMap, max: usize) -> Result<(), ApiError> {
    let declared =
        text(headers, header::CONTENT_LENGTH.as_str()).and_then(|n| n.parse::<u64>().ok());
    match declared {
        Some(n) if n > max as u64 => Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is too large ({n} bytes; at most {max})"),
        )),
        _ => Ok(()),
    }
}

/// A request body must be declared JSON.
fn check_json(headers: &HeaderMap) -> Result<(), ApiError> {
    let ct = text(headers, header::CONTENT_TYPE.as_str());
    let json = ct.is_some_and(|c| {
        c.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    });
    if json {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!(
            "the request body must be JSON sent as Content-Type: application/json (not {})",
            shown(ct)
        ),
    ))
}

fn text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// A header's value as quoted in a refusal (short).
fn shown(v: Option<&str>) -> String {
    match v {
        None => "none".into(),
        Some(s) => {
            let cut: String = s.chars().take(60).collect();
            format!("`{cut}`")
        }
    }
}

/// Compares two secrets in a time that depends only on their lengths.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 128 random bits from the operating system's generator (through
/// `rand`'s thread generator, a CSPRNG seeded from the OS), as 32 hex
/// digits: tokens and session ids.
pub fn random_hex() -> String {
    use rand::RngExt;
    format!("{:032x}", rand::rng().random::<u128>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn hosts_and_origins() {
        let g = Guard::new(8080);
        let ok = |h: &[(&'static str, &str)]| {
            g.check(&Method::GET, &Uri::from_static("/"), &headers(h))
                .is_ok()
        };
        assert!(ok(&[("host", "127.0.0.1:8080")]));
        assert!(ok(&[("host", "LOCALHOST:8080")]));
        assert!(ok(&[("host", "[::1]:8080")]));
        assert!(!ok(&[("host", "evil.example:8080")]));
        assert!(!ok(&[("host", "127.0.0.1:8081")]));
        assert!(!ok(&[("host", "127.0.0.1")]));
        assert!(!ok(&[]));
        let own = [
            ("host", "127.0.0.1:8080"),
            ("origin", "http://localhost:8080"),
        ];
        assert!(ok(&own));
        for bad in ["http://evil.example", "null", "https://127.0.0.1:8080"] {
            assert!(!ok(&[("host", "127.0.0.1:8080"), ("origin", bad)]), "{bad}");
        }
        assert!(Guard::new(80).is_own_host("localhost"));
    }

    #[test]
    fn changes_need_the_token_and_json() {
        let g = Guard::new(9);
        let t = g.token().to_string();
        assert_eq!(t.len(), 32);
        let post = |h: &[(&'static str, &str)]| {
            g.check(&Method::POST, &Uri::from_static("/"), &headers(h))
                .map_err(|e| e.status().as_u16())
        };
        let host = ("host", "127.0.0.1:9");
        let json = ("content-type", "application/json; charset=utf-8");
        assert_eq!(post(&[host, json, ("x-ludic-token", &t)]), Ok(()));
        assert_eq!(post(&[host, json]), Err(403));
        assert_eq!(post(&[host, json, ("x-ludic-token", "0")]), Err(403));
        let plain = ("content-type", "text/plain");
        assert_eq!(post(&[host, plain, ("x-ludic-token", &t)]), Err(415));
        assert_ne!(random_hex(), random_hex());
    }
}
