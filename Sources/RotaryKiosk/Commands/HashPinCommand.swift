import ArgumentParser
import Foundation
import Glibc

/// `rotary-kiosk hash-pin`: reads a service PIN from standard input and prints the config
/// line that asks for it, with the PIN hashed (see ``PinHash``).
public struct HashPinCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hash-pin",
        abstract: "Read a service PIN (4 to 8 digits) from standard input and print the [admin] pin_hash line for the config.",
        discussion: "On a terminal the PIN is asked for twice and not shown. From a pipe, the first line is the PIN."
    )

    public init() {}

    public func run() throws {
        let pin: String
        if isatty(STDIN_FILENO) == 1 {
            let first = Self.ask("PIN: "), second = Self.ask("Again: ")
            guard first == second else { throw ExitCode.failing("hash-pin", "the two PINs differ: nothing printed") }
            pin = first
        } else {
            pin = readLine(strippingNewline: true) ?? ""
        }
        do {
            let hash = try PinHash.make(pin: pin.trimmingCharacters(in: .whitespaces))
            print("pin_hash = \"\(hash)\"")
            FileHandle.standardError.write(Data("put this line under [admin] in the config\n".utf8))
        } catch {
            throw ExitCode.failing("hash-pin", "\(error)")
        }
    }

    /// Reads one line from the terminal with echo off.
    private static func ask(_ prompt: String) -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true) ?? ""
    }
}
