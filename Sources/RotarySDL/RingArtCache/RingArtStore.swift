import Dispatch
import FoundationEssentials
import Glibc
import RotaryKit
import Synchronization

/// Ring art kept on disk between runs: a ring's polar art and pixel map, written after it
/// was first painted and read back at the next start instead of painting it again (the bulk
/// of a first frame). Each record is named by a hash of everything the ring is made from (its
/// recipe, the font, the libraries' versions and the build ID) and read back only after full
/// validation: a damaged, cut, oversized or hostile file is ignored with a log line, deleted,
/// and the ring painted anew. Records are written on a worker thread a moment after the start
/// (``writeDelay``) to a temporary file renamed into place, and the folder is kept within a
/// size: records of other builds go first, then the least recently used.
///
/// Reading happens on the thread that draws, writing on the store's own worker; one store
/// serves one ``DrawListExecutor``.
public final class RingArtStore: @unchecked Sendable {
    /// The folder the records are kept in.
    public let directory: String
    /// The most the folder's records may hold together, bytes.
    public let limitBytes: Int
    /// The most one record may hold, bytes: a larger one is neither written nor read.
    public static let recordLimit = 64 << 20
    /// The bytes a record never takes from the disk: writing one that would leave less free
    /// is given up (the kiosk's state and an update's download share the disk with the cache).
    public let reserveBytes: Int
    private let log: @Sendable (String) -> Void
    private let worker = DispatchQueue(label: "rotary.ring-art-store", qos: .utility)
    /// How long a painted ring waits before it is written, seconds: writing beside the frames
    /// of a start (a checksum over megabytes, a flush to the disk) would slow them on a panel's
    /// few cores.
    public static let writeDelay = 2.0
    /// Writes waiting for ``writeDelay`` or ``waitForWrites()``, guarded by its mutex.
    private let pending = Mutex<[@Sendable () -> Void]>([])
    /// Whether writing failed once (then it is not tried again, nor said again). The worker's.
    private var cannotWrite = false
    /// Records read or handed to the worker by this store (the drawing thread's): each ring is
    /// written at most once a run.
    private var handled: Set<String> = []

    /// A store in `directory` (made when first written to) holding at most `limitBytes`;
    /// `log` hears, on any thread, each record ignored and why, and a folder that cannot be
    /// written. A program whose build has no GNU build ID keeps nothing (its art could not
    /// be told from another build's): ``isEnabled`` is then false.
    /// A record is written only where at least `reserveBytes` stay free after it.
    public init(directory: String, limitBytes: Int = 96 << 20, reserveBytes: Int = 128 << 20, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.limitBytes = limitBytes
        self.reserveBytes = reserveBytes
        self.log = log
    }

    /// Whether records are read and written: the program has a build ID to key them by.
    public var isEnabled: Bool { !RingArtKey.build.isEmpty }

    /// Writes every record waiting (see ``writeDelay``) now, and waits until each is written
    /// or given up.
    public func waitForWrites() { worker.sync { writePending() } }

    /// Runs the writes waiting, on the worker.
    private func writePending() {
        for write in pending.withLock({ writes in defer { writes.removeAll() }; return writes }) { write() }
    }

    /// The raster of `recipe` set in `fonts` with item `selected` bright, read from its record;
    /// nil when there is none or it cannot be used (said through the log, and deleted).
    func raster(for recipe: RingRaster.Recipe, fonts: FontBook, selected: Int, threads: DrawingThreads) -> RingRaster? {
        guard isEnabled, recipe.bounds != nil else { return nil }
        let key = RingArtKey(recipe, fontPath: fonts.path, build: RingArtKey.build)
        let path = directory + "/" + key.fileName
        let clock = ContinuousClock(), start = clock.now
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            // No record, or no folder yet: the ring is painted and kept. A link is refused and
            // deleted; any other failure (no permission, no descriptor left) leaves the file.
            let code = errno
            if code == ELOOP { ignore(path, because: .unreadable("it is a symbolic link, which is not followed")) }
            if code != ENOENT, code != ENOTDIR, code != ELOOP {
                log("ring art cache: cannot open \(path) (\(String(cString: strerror(code)))); its ring is painted anew")
            }
            return nil
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            ignore(path, because: .unreadable("not a plain file"))
            return nil
        }
        guard Int(info.st_size) <= Self.recordLimit else {
            ignore(path, because: .tooLarge(bytes: Int(info.st_size), limit: Self.recordLimit))
            return nil
        }
        var source = FileSource(descriptor: descriptor, size: Int(info.st_size))
        do {
            let (polar, map) = try RingArtRecord.read(&source, key: key, recipe: recipe)
            handled.insert(key.fileName)
            worker.async { _ = utimensat(AT_FDCWD, path, nil, 0) }  // used: the last to be evicted
            return RingRaster(recipe, polar: polar, map: map, selected: selected, threads: threads,
                              reading: start.duration(to: clock.now))
        } catch {
            ignore(path, because: error)
            return nil
        }
    }

    /// Hands `raster`, just painted from its recipe set in `fonts`, to the worker to be
    /// written, unless this run read or wrote its record already (a record refused when read
    /// is written anew).
    func keep(_ raster: RingRaster, fonts: FontBook) {
        let key = RingArtKey(raster.recipe, fontPath: fonts.path, build: RingArtKey.build)
        guard isEnabled, handled.insert(key.fileName).inserted else { return }
        // Identities taken now, as the art was made from these files.
        let paths = key.artFiles + fonts.filesInUse
        let files = paths.compactMap { path in FileIdentity(path: path).map { (path: path, identity: $0) } }
        guard files.count == paths.count else { return }
        // Only what the record needs and the drawing thread never changes: holding the ring's
        // shown texels here would make its next change of bright item copy them.
        let art = (columns: raster.polar.columns, rows: raster.polar.rows, full: raster.polar.full), map = raster.map.parts
        let bytes = 4 * art.full.count + 2 * (map.steps.count + map.blockRows.count)
            + MemoryLayout<RingPixelMap.Run>.stride * map.runs.count + MemoryLayout<RingPixelMap.Edge>.stride * map.edges.count
        pending.withLock { $0.append { [self] in
            guard !cannotWrite else { return }
            do {
                try write(key.fileName, bytes: bytes) { write in
                    try RingArtRecord.write(key: key, files: files, art: art, map: map, to: write)
                }
                RingArtFolder(directory: directory, log: log).clean(keeping: key.fileName, limitBytes: limitBytes,
                                                                    buildPrefix: RingArtKey.buildPrefix)
            } catch RingArtFolder.Failure.nameTaken(let why) {
                log("ring art cache: cannot write \(directory)/\(key.fileName): something else has its name (\(why)); "
                    + "its ring is painted at every start")
            } catch {
                cannotWrite = true
                log("ring art cache: cannot write in \(directory) (\(error)); rings are painted at every start")
            }
        } }
        worker.asyncAfter(deadline: .now() + Self.writeDelay) { [self] in writePending() }
    }

    /// Says why the record at `path` is not used, and deletes it (a new one is written once
    /// its ring is painted).
    private func ignore(_ path: String, because failure: RingArtRecord.Failure) {
        log("ring art cache: ignored \(path): \(failure); its ring is painted anew")
        unlink(path)
    }

    /// Writes the record `name` through `body` into a temporary file, flushed to the disk and
    /// renamed into place, so a reader never sees half a record. Larger than
    /// ``recordLimit``: nothing is written.
    private func write(_ name: String, bytes: Int, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o750])
        var disk = statvfs()
        if statvfs(directory, &disk) == 0 {
            let (product, overflow) = Int(clamping: disk.f_bavail).multipliedReportingOverflow(by: Int(clamping: disk.f_frsize))
            let free = overflow ? Int.max : product
            guard free - bytes >= reserveBytes else { throw RingArtFolder.Failure.wouldFillDisk(free: free, reserve: reserveBytes) }
        }
        let temporary = directory + "/." + name + ".\(getpid()).tmp"
        unlink(temporary)  // one this process left when it stopped writing; a new one is made below
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o640)
        guard descriptor >= 0 else { throw RingArtFolder.Failure(errno: errno) }
        var written = 0
        do {
            defer { close(descriptor) }
            try body { bytes in
                written += bytes.count
                guard written <= Self.recordLimit else { throw RingArtFolder.Failure.tooLarge }
                var at = 0
                while at < bytes.count {
                    let count = Glibc.write(descriptor, bytes.baseAddress! + at, bytes.count - at)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { throw count == 0 ? RingArtFolder.Failure.system("the disk took no bytes") : RingArtFolder.Failure(errno: errno) }
                    at += count
                }
            }
            guard fsync(descriptor) == 0 else { throw RingArtFolder.Failure(errno: errno) }
        } catch RingArtFolder.Failure.tooLarge {
            unlink(temporary)
            return
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, directory + "/" + name) == 0 else {
            let code = errno
            unlink(temporary)
            if code == EISDIR || code == ENOTEMPTY || code == EEXIST { throw RingArtFolder.Failure.nameTaken(String(cString: strerror(code))) }
            throw RingArtFolder.Failure(errno: code)
        }
    }

    /// A record's bytes from an open file.
    private struct FileSource: RingArtRecord.Source {
        let descriptor: Int32
        let size: Int

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(RingArtRecord.Failure) {
            var at = 0
            while at < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + at, buffer.count - at)
                if count < 0, errno == EINTR { continue }
                if count < 0 { throw .unreadable(String(cString: strerror(errno))) }
                if count == 0 { throw .truncated("the file ended early") }
                at += count
            }
        }
    }
}
