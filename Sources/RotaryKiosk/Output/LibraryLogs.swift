import CAlsaLog
import CSDL2
import Logging

/// SDL's and ALSA's own messages, which they would write straight to standard error (where a
/// stalled journal blocks them, and where people read every "ALSA lib" line as a fault), sent
/// through the kiosk's log lane instead: SDL's at the level of their priority, ALSA's at
/// debug, since they are the chatter of a probe whose outcome the kiosk logs itself
/// ("feedback: no audio device (ALSA: …)").
enum LibraryLogs {
    /// Set once, before either library can call back.
    nonisolated(unsafe) private static var logger = Logger(label: "rotary-kiosk")

    /// SDL's messages to `logger` from now on (SDL_LogSetOutputFunction works before SDL_Init),
    /// with SDL told to say as much as the logger's level lets through: `--log-level debug`
    /// also shows SDL's debug messages.
    static func routeSDL(to logger: Logger) {
        Self.logger = logger
        if logger.logLevel <= .debug { SDL_LogSetAllPriority(logger.logLevel == .trace ? SDL_LOG_PRIORITY_VERBOSE : SDL_LOG_PRIORITY_DEBUG) }
        SDL_LogSetOutputFunction({ _, category, priority, message in
            guard let message else { return }
            LibraryLogs.logger.log(level: LibraryLogs.level(priority), "SDL: \(String(cString: message))",
                                   metadata: category == Int32(SDL_LOG_CATEGORY_APPLICATION.rawValue) ? nil : ["category": "\(category)"])
        }, nil)
    }

    /// ALSA's messages to the logger as well, from now on: call before audio is opened.
    static func routeALSA() {
        _ = rotary_alsa_route_messages { line in
            guard let line else { return }
            LibraryLogs.logger.debug("ALSA: \(String(cString: line))")
        }
    }

    /// swift-log's level for SDL's `priority`.
    static func level(_ priority: SDL_LogPriority) -> Logger.Level {
        switch priority {
        case SDL_LOG_PRIORITY_VERBOSE: .trace
        case SDL_LOG_PRIORITY_DEBUG: .debug
        case SDL_LOG_PRIORITY_INFO: .info
        case SDL_LOG_PRIORITY_WARN: .warning
        case SDL_LOG_PRIORITY_ERROR: .error
        default: .critical
        }
    }
}
