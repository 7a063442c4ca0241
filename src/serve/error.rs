//! Every error the server answers is `{"error": "…"}` (docs/serve.md):
//! [`ApiError`] for the handlers' own, and [`json_errors`] for the ones
//! axum makes itself (a body over the limit, a method a path does not
//! take, a body that is not UTF-8), which come as plain text or empty.

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// An error answered as `{"error": "…"}` with a status code.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    /// Set for a session dropped to make room: `"evicted": true`.
    evicted: bool,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            evicted: false,
        }
    }

    /// 400: the request is wrong.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such game, session or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 403: the request is refused (its origin, host or token).
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 503: the server is full or busy; the request may be tried again.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 410 with `"evicted": true`: the session was dropped to make room.
    pub fn evicted(message: impl Into<String>) -> ApiError {
        ApiError {
            evicted: true,
            ..ApiError::new(StatusCode::GONE, message)
        }
    }

    /// The status answered.
    #[cfg(test)] // read by the tests beside the page
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The message answered.
    #[cfg(test)] // read by the tests beside the page
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut v = json!({"error": self.message});
        if self.evicted {
            v["evicted"] = Value::Bool(true);
        }
        (self.status, axum::Json(v)).into_response()
    }
}

/// Most of a plain error body kept in the JSON message.
const MAX_TEXT: usize = 64 << 10;

/// Turns an error response that is not JSON into `{"error": "…"}` with
/// the same status, keeping its text (or saying what the status means).
pub async fn json_errors(res: Response) -> Response {
    let status = res.status();
    let failed = status.is_client_error() || status.is_server_error();
    if !failed || is_json(res.headers()) {
        return res;
    }
    let (parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, MAX_TEXT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let mut out = ApiError::new(status, describe(status, &text)).into_response();
    // Keeps what the error's headers say (`allow`), but the body's type.
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name, value.clone());
        }
    }
    out
}

fn is_json(h: &HeaderMap) -> bool {
    h.get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// The message of an error that came without JSON.
fn describe(status: StatusCode, text: &str) -> String {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!(
            "the request body is too large (at most {} MiB)",
            super::MAX_BODY >> 20
        ),
        StatusCode::METHOD_NOT_ALLOWED => {
            "this path does not take that method (its Allow header says which)".into()
        }
        _ if !text.is_empty() => text.to_string(),
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    }
}
