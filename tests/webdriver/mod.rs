//! A small W3C WebDriver client for tests/browser.rs: the dozen commands
//! that test sends to chromedriver, as JSON over HTTP/1.1 on a loopback
//! port, with the standard library and serde_json alone.
//!
//! It replaces the fantoccini crate, whose dependency tree (webdriver,
//! url, icu, time, a second `http`, `cookie` and `thiserror`…) was about
//! 35 crates compiled for the tests only, several of them a second version
//! of a crate ludic uses (issue 44). The protocol is the W3C WebDriver
//! recommendation's: <https://www.w3.org/TR/webdriver2/>.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// The key under which WebDriver names an element in its answers.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A refused command: WebDriver's error code and message (or what went
/// wrong on the connection).
#[derive(Debug)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One WebDriver session: `http://127.0.0.1:PORT/session/ID`.
pub struct Client {
    host: String,
    session: String,
    /// The session was ended by [`Client::close`]; otherwise dropping
    /// the client ends it (a test that panics, or forgets to close, must
    /// not leave its browser running after chromedriver is killed).
    closed: bool,
}

/// An element of the current page, as the session knows it.
pub struct Element<'a> {
    client: &'a Client,
    id: String,
}

impl Client {
    /// Opens a session on the driver listening on `127.0.0.1:port`, with
    /// `capabilities` (the `alwaysMatch` object, e.g. Chromium's options).
    pub fn connect(port: u16, capabilities: Value) -> Result<Client, Error> {
        let host = format!("127.0.0.1:{port}");
        let body = json!({"capabilities": {"alwaysMatch": capabilities}});
        let value = request(&host, "POST", "/session", Some(&body))?;
        let session = value["sessionId"]
            .as_str()
            .ok_or_else(|| Error(format!("no sessionId in {value}")))?
            .to_string();
        Ok(Client {
            host,
            session,
            closed: false,
        })
    }

    /// Sends `method` on the session's `path` (`/url`, `/element`…).
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, Error> {
        let path = format!("/session/{}{path}", self.session);
        request(&self.host, method, &path, body)
    }

    /// Loads `url` and waits until the page is loaded.
    pub fn goto(&self, url: &str) -> Result<(), Error> {
        self.command("POST", "/url", Some(&json!({"url": url})))
            .map(drop)
    }

    /// The first element matching the CSS selector `css`.
    pub fn find(&self, css: &str) -> Result<Element<'_>, Error> {
        let body = json!({"using": "css selector", "value": css});
        let value = self.command("POST", "/element", Some(&body))?;
        self.element(&value)
    }

    fn element(&self, value: &Value) -> Result<Element<'_>, Error> {
        let id = value[ELEMENT_KEY]
            .as_str()
            .ok_or_else(|| Error(format!("not an element: {value}")))?;
        Ok(Element {
            client: self,
            id: id.to_string(),
        })
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the
    /// page and returns what it returns.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, Error> {
        let body = json!({"script": script, "args": args});
        self.command("POST", "/execute/sync", Some(&body))
    }

    /// As [`Client::execute`], for a script that answers by calling its
    /// last argument (a callback).
    pub fn execute_async(&self, script: &str, args: Vec<Value>) -> Result<Value, Error> {
        let body = json!({"script": script, "args": args});
        self.command("POST", "/execute/async", Some(&body))
    }

    /// Drags with the mouse from the centre of `from` to the centre of
    /// `to` (WebDriver actions: move, press, move in steps, release).
    pub fn drag(&self, from: &Element, to: &Element) -> Result<(), Error> {
        let at = |e: &Element, ms: u64| json!({"type": "pointerMove", "origin": {ELEMENT_KEY: e.id}, "x": 0, "y": 0, "duration": ms});
        let body = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                at(from, 0),
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 50},
                at(to, 300),
                {"type": "pointerUp", "button": 0},
            ],
        }]});
        self.command("POST", "/actions", Some(&body)).map(drop)?;
        self.command("DELETE", "/actions", None).map(drop)
    }

    /// A PNG picture of the browser's window.
    pub fn screenshot(&self) -> Result<Vec<u8>, Error> {
        let value = self.command("GET", "/screenshot", None)?;
        let text = value
            .as_str()
            .ok_or_else(|| Error(format!("not base64: {value}")))?;
        base64(text).ok_or_else(|| Error("a screenshot that is not base64".into()))
    }

    /// Ends the session (the browser closes).
    pub fn close(mut self) -> Result<(), Error> {
        self.closed = true;
        self.command("DELETE", "", None).map(drop)
    }
}

impl Drop for Client {
    /// Ends a session not closed yet, ignoring errors (the driver may be
    /// gone already).
    fn drop(&mut self) {
        if !self.closed {
            let _ = self.command("DELETE", "", None);
        }
    }
}

impl Element<'_> {
    fn command(&self, method: &str, what: &str, body: Option<&Value>) -> Result<Value, Error> {
        let path = format!("/element/{}{what}", self.id);
        self.client.command(method, &path, body)
    }

    /// The element's rendered text.
    pub fn text(&self) -> Result<String, Error> {
        let value = self.command("GET", "/text", None)?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// Clicks the element's centre.
    pub fn click(&self) -> Result<(), Error> {
        self.command("POST", "/click", Some(&json!({}))).map(drop)
    }

    /// Empties an input.
    pub fn clear(&self) -> Result<(), Error> {
        self.command("POST", "/clear", Some(&json!({}))).map(drop)
    }

    /// Types `text` into the element (a file input: a path to choose).
    pub fn send_keys(&self, text: &str) -> Result<(), Error> {
        let body = json!({"text": text});
        self.command("POST", "/value", Some(&body)).map(drop)
    }
}

/// One HTTP request to the driver; the `value` of its JSON answer, or the
/// WebDriver error it reports.
fn request(host: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value, Error> {
    let fail = |e: std::io::Error| Error(format!("{method} {path}: {e}"));
    let mut stream = TcpStream::connect(host).map_err(fail)?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .map_err(fail)?;
    let payload = read_answer(&mut stream).map_err(fail)?;
    let payload = String::from_utf8_lossy(&payload);
    let answer: Value = serde_json::from_str(&payload)
        .map_err(|e| Error(format!("{method} {path}: {e} in {payload:?}")))?;
    let value = answer["value"].clone();
    match value.get("error") {
        Some(code) => Err(Error(format!(
            "{method} {path}: {code}: {}",
            value["message"]
        ))),
        None => Ok(value),
    }
}

/// The body of an HTTP answer. The driver may keep the
/// connection open after its answer, so the body is read to its
/// `Content-Length`, or chunk by chunk, not to the end of the stream.
fn read_answer(stream: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" {
            break;
        }
        head.push_str(&line.to_ascii_lowercase());
    }
    let header = |name: &str| {
        head.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_string())
    };
    let mut body = Vec::new();
    if header("transfer-encoding:").is_some_and(|v| v.contains("chunked")) {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size)?;
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk)?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(len) = header("content-length:").and_then(|v| v.parse().ok()) {
        body = vec![0; len];
        reader.read_exact(&mut body)?;
    } else {
        reader.read_to_end(&mut body)?;
    }
    Ok(body)
}

/// Decodes standard base64 (RFC 4648, `=` padding); `None` on a
/// character outside its alphabet.
fn base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
    {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}
