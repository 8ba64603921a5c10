import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The one queue from other threads into the session: order kept, a command flood capped and
/// said, problems never dropped.
@Suite("Session inbox")
struct SessionInboxTests {
    static func command(_ n: Int) -> RemoteMessage { RemoteMessage(what: "start", payload: Array("\(n)".utf8)) }

    /// What `items` are, as short words, in order.
    static func kinds(_ items: [SessionInbox.Item]) -> [String] {
        items.map { item in
            switch item {
            case .command(let message): "command " + String(decoding: message.payload, as: UTF8.self)
            case .updaterReport(let report): "report " + report.result
            case .problem(let problem): "problem " + problem
            }
        }
    }

    @Test("everything comes out once, in the order it went in; only the first post after a drain asks for a wake")
    func order() {
        let inbox = SessionInbox()
        #expect(inbox.post(command: Self.command(1)))
        inbox.report("disk full")
        #expect(!inbox.post(report: FleetUpdateReport(result: "installed")))
        #expect(!inbox.post(command: Self.command(2)))
        #expect(Self.kinds(inbox.drain()) == ["command 1", "problem disk full", "report installed", "command 2"])
        #expect(inbox.drain().isEmpty)
        #expect(inbox.post(command: Self.command(3)), "the first after a drain wakes the loop again")
    }

    @Test("a flood of commands is capped between two drains and said first; problems are never dropped")
    func flood() {
        let inbox = SessionInbox()
        for n in 0..<(SessionInbox.commandLimit + 5) { _ = inbox.post(command: Self.command(n)) }
        for n in 0..<500 { inbox.report("problem \(n)") }
        let items = Self.kinds(inbox.drain())
        #expect(items.first == "problem MQTT: 5 commands dropped: more than 100 came between two frames")
        #expect(items.filter { $0.hasPrefix("command") }.count == SessionInbox.commandLimit)
        #expect(items.filter { $0.hasPrefix("problem problem") }.count == 500)
        #expect(inbox.post(command: Self.command(0)), "the count starts again after a drain")
    }

    @Test("problems can be taken alone, before effects; commands and reports wait for the loop's drain")
    func problemsAlone() {
        let inbox = SessionInbox()
        _ = inbox.post(command: Self.command(1))
        inbox.report("a")
        _ = inbox.post(report: FleetUpdateReport(result: "failed"))
        inbox.report("b")
        #expect(inbox.drainProblems() == ["a", "b"])
        #expect(Self.kinds(inbox.drain()) == ["command 1", "report failed"])
    }

    @Test("a waiter wakes for something posted and not for nothing")
    func wait() {
        let inbox = SessionInbox()
        #expect(!inbox.wait(upTo: 0.01))
        inbox.report("x")
        #expect(inbox.wait(upTo: 5))
    }
}
