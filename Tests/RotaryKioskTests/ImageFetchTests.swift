import Foundation
import Testing

/// The image's updater fetches a bundle through `fetch-bundle`, run here as the image runs
/// it, against a real HTTP server on loopback: a body of any length, announced or not, never
/// puts more than its cap on the disk.
@Suite("Image updates: fetching a bundle within its cap")
struct ImageFetchTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("kiosk/deploy/image-root/usr/lib/rotary-image/fetch-bundle").path

    /// An HTTP server on 127.0.0.1 (Python's http.server): `/exact/N` sends N bytes with their
    /// length announced; `/chunked` sends zeros in chunks with no length until the client
    /// goes, at most 256 MiB (then it stops by itself), and writes how many it sent to `sent`.
    final class Server {
        let process = Process()
        let port: Int
        let sent: String
        /// Each request's path, a line each.
        let requests: String

        init(in dir: URL) throws {
            sent = dir.appendingPathComponent("sent").path
            requests = dir.appendingPathComponent("requests").path
            let portFile = dir.appendingPathComponent("port").path
            let code = """
            import http.server, sys
            sent_path, port_path, requests_path = sys.argv[1], sys.argv[2], sys.argv[3]
            class Handler(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                def log_message(self, *args): pass
                def do_GET(self):
                    open(requests_path, "a").write(self.path + "\\n")
                    if self.path.startswith("/exact/"):
                        n = int(self.path.split("/")[2])
                        self.send_response(200); self.send_header("Content-Length", str(n)); self.end_headers()
                        self.wfile.write(b"\\0" * n); return
                    self.send_response(200); self.send_header("Transfer-Encoding", "chunked"); self.end_headers()
                    sent, chunk = 0, b"\\0" * 65536
                    try:
                        while sent < 256 << 20:
                            self.wfile.write(b"%x\\r\\n" % len(chunk) + chunk + b"\\r\\n"); sent += len(chunk)
                        self.wfile.write(b"0\\r\\n\\r\\n")
                    except OSError:
                        pass
                    open(sent_path, "w").write(str(sent))
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            open(port_path + ".tmp", "w").write(str(server.server_address[1]))
            __import__("os").rename(port_path + ".tmp", port_path)
            server.serve_forever()
            """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", code, sent, portFile, requests]
            try process.run()
            Polling.until(seconds: 10, every: 0.02) { FileManager.default.fileExists(atPath: portFile) }
            port = Int((try? String(contentsOfFile: portFile, encoding: .utf8)) ?? "") ?? 0
        }

        /// Killed: it inherits the test runner's blocked signals, SIGTERM among them.
        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
    }

    static func fetch(_ url: String, limit: Int, into file: String) throws -> KioskProcess.Outcome {
        try KioskProcess.runHeadless([script, url, file, "\(limit)"], program: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("a chunked body with no length is cut off one byte past the cap, refused, and nothing is left on the disk")
    func endlessChunked() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let server = try Server(in: dir)
        let file = dir.appendingPathComponent("update.raucb").path
        let run = try Self.fetch(server.url("/chunked"), limit: 10 << 20, into: file)
        #expect(run.status == 1)
        #expect(run.stdout.contains("the bundle is larger than 10485760 bytes"), "\(run.stdout)\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
        Polling.until(seconds: 10, every: 0.02) { FileManager.default.fileExists(atPath: server.sent) }
        let sent = Int((try? String(contentsOfFile: server.sent, encoding: .utf8)) ?? "") ?? .max
        #expect(sent < 64 << 20, "the download stopped near the cap, not at the server's end: \(sent) bytes sent")
    }

    @Test("a URL with curl's ranges and lists is fetched as one address, once")
    func noGlobbing() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let server = try Server(in: dir)
        let file = dir.appendingPathComponent("update.raucb").path
        let run = try Self.fetch(server.url("/exact/1[0-9]{0,1}"), limit: 1000, into: file)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let requests = (try? String(contentsOfFile: server.requests, encoding: .utf8)) ?? ""
        #expect(requests.split(separator: "\n") == ["/exact/1[0-9]{0,1}"], "\(requests)")
    }

    @Test("an announced length: exactly the cap is fetched whole, one byte more is refused", arguments: [(1000, 0), (1001, 1)])
    func announced(length: Int, status: Int32) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let server = try Server(in: dir)
        let file = dir.appendingPathComponent("update.raucb").path
        let run = try Self.fetch(server.url("/exact/\(length)"), limit: 1000, into: file)
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
        #expect(size == (status == 0 ? 1000 : nil))
    }
}
