import Foundation
import RotaryKit

/// Keeps the countdown on disk so it survives a crash, a `kill -9` or a power cut: written
/// atomically (temporary file, fsync, rename, fsync of the folder) on every transition, off
/// the render thread. A running timer is stored with its wall-clock end, so on the next
/// start the time lost while the app was down counts too.
public final class TimerStore: @unchecked Sendable {
    /// What a start found on disk.
    public enum Found: Equatable, Sendable {
        /// Nothing to resume.
        case nothing
        /// A countdown to put back, with what is left now.
        case timer(state: TimerState, programIndex: Int, program: String, secondsTotal: Double, secondsLeft: Double)
        /// The file was there but unreadable; it is ignored.
        case corrupt(String)
    }

    /// The file the state lives in.
    public let path: String
    private let queue = DispatchQueue(label: "rotary.timer-store")

    /// A store in `directory` (created when missing).
    public init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = (directory as NSString).appendingPathComponent("timer.json")
    }

    /// Saves `report` as of wall-clock time `now` (seconds since 1970), in the background.
    public func save(_ report: TimerReport, now: Double) {
        let record = Self.record(report, now: now)
        queue.async { [path] in
            do { try AtomicFile.write(record, to: path) } catch {
                FileHandle.standardError.write(Data("rotary: cannot save the timer to \(path): \(error)\n".utf8))
            }
        }
    }

    /// Waits until every save so far is on disk.
    public func flush() { queue.sync {} }

    /// What the file says, as of wall-clock time `now`.
    public func load(now: Double) -> Found {
        guard let data = FileManager.default.contents(atPath: path) else { return .nothing }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let stateText = object["state"] as? String, let state = TimerState(rawValue: stateText) else {
            return .corrupt("\(path) is not a saved timer (\(data.count) bytes); ignored")
        }
        guard state == .running || state == .paused else { return .nothing }
        guard let index = (object["program_index"] as? NSNumber)?.intValue, let program = object["program"] as? String,
              let total = (object["seconds_total"] as? NSNumber)?.doubleValue, total.isFinite, total > 0 else {
            return .corrupt("\(path) lacks program_index, program or seconds_total; ignored")
        }
        if state == .running {
            guard let ends = (object["ends_at"] as? NSNumber)?.doubleValue, ends.isFinite else {
                return .corrupt("\(path) has a running timer without ends_at; ignored")
            }
            return .timer(state: .running, programIndex: index, program: program, secondsTotal: total,
                          secondsLeft: min(ends - now, total))
        }
        guard let left = (object["seconds_left"] as? NSNumber)?.doubleValue, left.isFinite else {
            return .corrupt("\(path) has a paused timer without seconds_left; ignored")
        }
        return .timer(state: .paused, programIndex: index, program: program, secondsTotal: total, secondsLeft: left)
    }

    static func record(_ report: TimerReport, now: Double) -> Data {
        var fields: [(String, JSONValue)] = [("version", .int(1)), ("state", .string(report.state.rawValue)),
                                             ("saved_at", .number(now))]
        if report.state == .running || report.state == .paused {
            fields += [("program_index", .int(report.programIndex)), ("program", .string(report.program)),
                       ("seconds_total", .number(report.secondsTotal)), ("seconds_left", .number(report.secondsLeft))]
            if report.state == .running { fields.append(("ends_at", .number(now + report.secondsLeft))) }
        }
        return Data((JSONValue.object(fields).text + "\n").utf8)
    }
}

/// Replaces a file so that a crash at any moment leaves the old or the new contents, never
/// a mix or nothing: write a temporary file beside it, fsync it, rename it over, fsync the folder.
enum AtomicFile {
    static func write(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd)
        close(fd)
        guard written == data.count, synced == 0 else { throw POSIXError(.EIO) }
        guard rename(temporary, path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
