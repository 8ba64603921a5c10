import Foundation
import RotarySDL
import Testing

/// A reader of the kiosk's output that does not read, or goes away, costs event lines, never
/// a frame, a countdown or the process.
@Suite("Faults: slow and vanished readers of the output")
struct OutputFaultTests {
    @Test("a live window whose standard output is an unread, full pipe keeps drawing and counting down, and quits on SIGTERM")
    func unreadPipe() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let pipe = try UnreadPipe(in: dir)
        let path = { (name: String) in dir.appendingPathComponent(name).path }
        let script = path("drive.sh")
        try """
        set -u
        \(pipe.start)
        "\(KioskProcess.executable.path)" --windowed --size 600x600 --state-dir "\(path("state"))" > "\(pipe.fifo)" 2> "\(path("kiosk.log"))" &
        app=$!
        wid=$(xdotool search --sync --name '^Rotary$' | head -1)
        xdotool windowfocus --sync "$wid" key Return
        started=$(date +%s%N)
        sleep 1.2
        import -window root "\(path("first.png"))"
        sleep 2
        import -window root "\(path("later.png"))"
        \(pipe.drain)
        kill -TERM $app
        wait $app
        echo $? > "\(path("status"))"
        echo $(( ($(date +%s%N) - started) / 1000000 )) > "\(path("elapsed-ms"))"
        \(pipe.finish)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try SpawnedProcess.run(["xvfb-run", "-a", "-s", "-screen 0 600x600x24", "bash", script])

        let log = (try? String(contentsOfFile: path("kiosk.log"), encoding: .utf8)) ?? ""
        #expect(try String(contentsOfFile: path("status"), encoding: .utf8) == "0\n", "\(log)")
        // The button's time moved on between the two pictures, taken while the pipe was full.
        let first = try RotarySDLSurface.load(path("first.png")), later = try RotarySDLSurface.load(path("later.png"))
        var changed = 0
        for y in 0..<first.height {
            for x in 0..<first.width where first.pixel(x: x, y: y) != later.pixel(x: x, y: y) { changed += 1 }
        }
        #expect(changed > 20, "the panel stood still while nobody read standard output: \(log)")
        // Once read again, the lines come: the countdown ran in real time all along, from the
        // start the kiosk saw (a loaded machine may take it seconds after the key was sent).
        let lines = pipe.lines()
        let running = try #require(lines.first { $0["event"] as? String == "timer" && $0["state"] as? String == "running" })
        let elapsed = try #require(Double(try String(contentsOfFile: path("elapsed-ms"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))) / 1000
        let exit = try #require(lines.last { $0["event"] as? String == "exit" }, "\(log)")
        let ran = (((exit["t"] as? NSNumber)?.doubleValue ?? 0) - ((running["t"] as? NSNumber)?.doubleValue ?? 0)) / 1000
        #expect(ran >= 1 && ran <= elapsed + 0.5, "the countdown ran \(ran) s of the \(elapsed) s the script took")
        let label = try #require(exit["time"] as? String)
        let shown = label.split(separator: ":").compactMap { Double($0) }
        let left = shown.count == 2 ? shown[0] * 60 + shown[1] : -1
        #expect(abs(left - (900 - ran)) <= 1.5, "shows \(label) after \(ran) s of running")
    }

    @Test("a reader that goes away mid-replay ends the event output with one log line; the replay runs to its end")
    func vanishedReaderReplay() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var trace = Trace()
        for _ in 0..<3000 {
            trace.key("Right")
            trace.wait(2)
        }
        let tracePath = try ConfigText.write(trace.text, as: "keys.jsonl", in: dir)
        let picture = dir.appendingPathComponent("end.png").path
        let script = dir.appendingPathComponent("run.sh").path
        try """
        "\(KioskProcess.executable.path)" --video-driver offscreen --replay "\(tracePath)" --screenshot "\(picture)" \
            2> "\(dir.path)/kiosk.log" | head -c 100 > /dev/null
        echo "${PIPESTATUS[0]}" > "\(dir.path)/status"
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try SpawnedProcess.run(["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "bash", script])
        let log = (try? String(contentsOfFile: dir.path + "/kiosk.log", encoding: .utf8)) ?? ""
        #expect(try String(contentsOfFile: dir.path + "/status", encoding: .utf8) == "0\n", "killed by SIGPIPE? \(log)")
        #expect(log.components(separatedBy: "event output: no more lines are written: the reader went away (broken pipe)").count == 2,
                "\(log)")
        #expect(FileManager.default.fileExists(atPath: picture), "the replay ran to its end and saved its picture")
    }

    @Test("a live kiosk whose reader goes away runs on: it still takes input and quits normally")
    func vanishedReaderLive() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let path = { (name: String) in dir.appendingPathComponent(name).path }
        let script = path("drive.sh")
        // head reads the first 100 bytes (of the ready line) and leaves; Right keys then write
        // lines into a pipe nobody holds.
        try """
        set -u
        mkfifo "\(path("out.fifo"))"
        head -c 100 "\(path("out.fifo"))" > "\(path("head.out"))" &
        reader=$!
        "\(KioskProcess.executable.path)" --windowed --size 600x600 --state-dir "\(path("state"))" \
            --events-out "\(path("out.fifo"))" 2> "\(path("kiosk.log"))" &
        app=$!
        wait $reader
        wid=$(xdotool search --sync --name '^Rotary$' | head -1)
        xdotool windowfocus --sync "$wid" key Right key Right key Right
        for i in $(seq 1 100); do grep -q 'broken pipe' "\(path("kiosk.log"))" && break; sleep 0.05; done
        xdotool windowfocus --sync "$wid" key Return
        for i in $(seq 1 100); do [ -s "\(path("state"))/timer.json" ] && break; sleep 0.05; done
        kill -TERM $app
        wait $app
        echo $? > "\(path("status"))"
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try SpawnedProcess.run(["xvfb-run", "-a", "-s", "-screen 0 600x600x24", "bash", script])
        let log = (try? String(contentsOfFile: path("kiosk.log"), encoding: .utf8)) ?? ""
        #expect(try String(contentsOfFile: path("status"), encoding: .utf8) == "0\n", "\(log)")
        #expect(log.contains("event output: no more lines are written: the reader went away (broken pipe)"), "\(log)")
        // Input after the reader left still worked: Return started a countdown, saved on disk.
        let saved = (try? String(contentsOfFile: path("state") + "/timer.json", encoding: .utf8)) ?? ""
        #expect(saved.contains("\"state\":\"running\""), "\(log)")
        #expect(log.contains("frames presented: "), "\(log)")
    }
}
