import Foundation

/// A FIFO for the kiosk's standard output whose reader does not read: a Python helper holds
/// it open, fills its pipe to the last byte before the kiosk starts, and reads nothing until
/// the drive script sends it SIGUSR1; from then on it copies what comes to `out`, and ends on
/// SIGUSR2 after taking the rest. As journald or a stuck log shipper would behave.
struct UnreadPipe {
    let fifo: String
    let out: String
    /// Shell lines that start the holder (pid in `$holder`) and wait until the pipe is full.
    let start: String
    /// Shell lines that let the holder read from now on.
    let drain = "kill -USR1 $holder"
    /// Shell lines that end the holder once it has taken everything (after the kiosk ended).
    let finish = "kill -USR2 $holder; wait $holder"

    init(in directory: URL) throws {
        fifo = directory.appendingPathComponent("stdout.fifo").path
        out = directory.appendingPathComponent("stdout.jsonl").path
        let script = directory.appendingPathComponent("holder.py").path
        let ready = directory.appendingPathComponent("holder.ready").path
        try """
        import os, signal, sys
        fifo, out, ready = sys.argv[1:4]
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1, signal.SIGUSR2})
        fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # both ends: never blocks, never sees an end
        try:
            while True:
                os.write(fd, b"\\n" * 4096)
        except BlockingIOError:
            pass
        try:
            while True:
                os.write(fd, b"\\n")
        except BlockingIOError:
            pass
        open(ready, "w").close()
        signal.sigwait({signal.SIGUSR1})
        with open(out, "wb") as copy:
            def take():
                while True:
                    try:
                        chunk = os.read(fd, 65536)
                    except BlockingIOError:
                        return
                    copy.write(chunk)
            while signal.sigtimedwait({signal.SIGUSR2}, 0.02) is None:
                take()
            take()
        """.write(toFile: script, atomically: true, encoding: .utf8)
        start = """
            mkfifo "\(fifo)"
            python3 "\(script)" "\(fifo)" "\(out)" "\(ready)" &
            holder=$!
            for i in $(seq 1 200); do [ -e "\(ready)" ] && break; sleep 0.05; done
            """
    }

    /// The JSON objects the kiosk wrote, once the holder has finished.
    func lines() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
