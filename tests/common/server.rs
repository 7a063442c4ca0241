//! A `ludic serve` child process and raw HTTP/1.1 requests to it, for
//! the tests of the server (`#[path = "common/server.rs"] mod server;`).
// Each test program uses some of these.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// The server, killed when dropped; its port and the page's token.
pub struct Server {
    child: Child,
    pub port: u16,
    pub token: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `ludic serve ARGS --port 0` from the crate root and reads the
/// token from its page.
pub fn serve(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludic"))
        .arg("serve")
        .args(args)
        .args(["--port", "0"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let rest = line
        .split("http://127.0.0.1:")
        .nth(1)
        .unwrap_or_else(|| panic!("not on loopback: {line:?}"));
    let port = rest.split('/').next().unwrap().parse().unwrap();
    let mut srv = Server {
        child,
        port,
        token: String::new(),
    };
    let (status, page) = srv.send("GET", "/", &[], "");
    assert_eq!(status, 200, "{page}");
    srv.token = token_of(&page);
    srv
}

/// The token in a page's `<meta name="ludic-token">`.
pub fn token_of(page: &str) -> String {
    let after = page
        .split("name=\"ludic-token\" content=\"")
        .nth(1)
        .unwrap_or_else(|| panic!("no token in the page: {page}"));
    after.split('"').next().unwrap().to_string()
}

impl Server {
    /// The Host header a browser on the page sends.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Sends `method path` with `headers` (a `Host` naming this server
    /// unless given) and `body`; returns the status and the body.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head += &format!("Host: {}\r\n", self.host());
        }
        for (k, v) in headers {
            head += &format!("{k}: {v}\r\n");
        }
        head += &format!(
            "Connection: close\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        self.raw(&(head + body))
    }

    /// Sends the bytes of a whole request; returns the status and the body.
    pub fn raw(&self, request: impl AsRef<[u8]>) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        s.write_all(request.as_ref()).unwrap();
        let mut bytes = Vec::new();
        s.read_to_end(&mut bytes).unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let status = text
            .get(9..12)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status: {text:?}"));
        let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
        (status, body.to_string())
    }

    /// A request as the page sends it: the token and a JSON body on
    /// anything but GET. Returns the status and the JSON answer.
    pub fn json(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let token = self.token.clone();
        let headers: Vec<(&str, &str)> = if method == "GET" {
            Vec::new()
        } else {
            vec![
                ("X-Ludic-Token", &token),
                ("Content-Type", "application/json"),
            ]
        };
        let (status, text) = self.send(method, path, &headers, body);
        (status, parse(&text))
    }

    /// `GET path` as JSON.
    pub fn get(&self, path: &str) -> (u16, Value) {
        self.json("GET", path, "")
    }

    /// `POST path body` as the page sends it.
    pub fn post(&self, path: &str, body: &str) -> (u16, Value) {
        self.json("POST", path, body)
    }

    /// A new session of `game` with `seats`; its id.
    pub fn open(&self, game: &str, seats: &[&str]) -> String {
        let body = serde_json::json!({"game": game, "seats": seats}).to_string();
        let (status, v) = self.post("/api/sessions", &body);
        assert_eq!(status, 200, "{v}");
        v["session"].as_str().unwrap().to_string()
    }
}

/// An answer's JSON (a test fails on any other body).
pub fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}"))
}
