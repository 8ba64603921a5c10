import Foundation
import Glibc
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Framebuffer pixels: conversion to the panel's format and copying only what changed")
struct FramebufferCopyTests {
    @Test("0x··RRGGBB to XRGB8888, RGB565 and BGR565: channels cut to their width at their offsets")
    func pixels() {
        let xrgb = FramebufferCopy(format: .xrgb8888(width: 4, height: 4))
        let rgb = FramebufferCopy(format: .rgb565(width: 4, height: 4))
        let bgr = FramebufferCopy(format: .bgr565(width: 4, height: 4))
        #expect(xrgb.pixel(0xFF12_3456) == 0x0012_3456)  // alpha is not the panel's business
        #expect(rgb.pixel(0xFFFF_0000) == 0xF800)
        #expect(rgb.pixel(0xFF00_FF00) == 0x07E0)
        #expect(rgb.pixel(0xFF00_00FF) == 0x001F)
        #expect(bgr.pixel(0xFFFF_0000) == 0x001F)
        #expect(bgr.pixel(0xFF00_00FF) == 0xF800)
        // 0x12 >> 3 = 2, 0x34 >> 2 = 13, 0x56 >> 3 = 10
        #expect(rgb.pixel(0x0012_3456) == 2 << 11 | 13 << 5 | 10)
        #expect(bgr.pixel(0x0012_3456) == 10 << 11 | 13 << 5 | 2)
        // A driver with an alpha channel (transp) gets opaque pixels, whatever the picture's alpha.
        let argb = FramebufferCopy(format: FramebufferFormat(width: 4, height: 4, bitsPerPixel: 32, red: .init(offset: 16, length: 8),
                                                             green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8),
                                                             alpha: .init(offset: 24, length: 8), lineLength: 16))
        #expect(argb.pixel(0x0012_3456) == 0xFF12_3456)
        #expect(argb.format.description == "4×4 32 bpp r8@16 g8@8 b8@0 a8@24")
    }

    @Test("formats the kiosk cannot draw into say why; known ones name themselves")
    func formats() {
        #expect(FramebufferFormat.rgb565(width: 320, height: 240).problem == nil)
        #expect(FramebufferFormat.rgb565(width: 320, height: 240).description == "320×240 RGB565")
        #expect(FramebufferFormat.xrgb8888(width: 800, height: 480, lineLength: 3328).description == "800×480 XRGB8888")
        var eight = FramebufferFormat.rgb565(width: 320, height: 240)
        eight.bitsPerPixel = 8
        #expect(eight.problem?.contains("8 bits per pixel") == true)
        #expect(FramebufferFormat.rgb565(width: 320, height: 240, lineLength: 600).problem?.contains("too short") == true)
        var wide = FramebufferFormat.rgb565(width: 4, height: 4)
        wide.green = .init(offset: 12, length: 6)
        #expect(wide.problem?.contains("green") == true)
    }

    /// A picture `width` pixels wide where pixel (x, y) is 0xFF000000 | x << 16 | y << 8 | 0x80.
    static func picture(width: Int, height: Int) -> [UInt32] {
        (0..<height).flatMap { y in (0..<width).map { x in 0xFF00_0080 | UInt32(x) << 16 | UInt32(y) << 8 } }
    }

    /// A framebuffer page in a shared mapping of a temporary file, as /dev/fbN's memory is
    /// mapped; `body` copies into it, then the file's bytes are returned.
    static func throughFile(bytes: Int, _ body: (UnsafeMutableRawPointer) -> Void) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rotary-fb-\(getpid())-\(UUID().uuidString)").path
        defer { unlink(path) }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(write(fd, [UInt8](repeating: 0xEE, count: bytes), bytes) == bytes)  // padding shows untouched bytes
        let memory = try #require(mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0).flatMap { $0 == MAP_FAILED ? nil : $0 })
        body(memory)
        munmap(memory, bytes)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("RGB565 rows of an odd 13 bytes: a rectangle's pixels land where line_length puts them, nothing else is touched")
    func oddLineLength() throws {
        let format = FramebufferFormat.rgb565(width: 5, height: 4, lineLength: 13)
        let copier = FramebufferCopy(format: format)
        let source = Self.picture(width: 5, height: 4)
        let bytes = try Self.throughFile(bytes: format.pageBytes) { page in
            source.withUnsafeBufferPointer { copier.copy(Rect(x: 1, y: 1, width: 3, height: 2), from: $0.baseAddress!, sourceStride: 5, to: page) }
        }
        for y in 0..<4 {
            for x in 0..<5 {
                let at = y * 13 + x * 2
                let stored = UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
                if (1...3).contains(x), (1...2).contains(y) {
                    #expect(stored == UInt16(copier.pixel(source[y * 5 + x])), "pixel (\(x), \(y))")
                } else {
                    #expect(stored == 0xEEEE, "pixel (\(x), \(y)) outside the rectangle")
                }
            }
            #expect(bytes[y * 13 + 10..<y * 13 + 13].allSatisfy { $0 == 0xEE }, "row \(y)'s padding")
        }
    }

    @Test("XRGB8888 with padded rows: a rectangle reaching past the panel and between pixels is cut to whole pixels inside it")
    func clippedRectangle() throws {
        let format = FramebufferFormat.xrgb8888(width: 6, height: 3, lineLength: 6 * 4 + 8)
        let copier = FramebufferCopy(format: format)
        let source = Self.picture(width: 8, height: 3)  // the drawn picture's rows are longer than the panel's
        let bytes = try Self.throughFile(bytes: format.pageBytes) { page in
            source.withUnsafeBufferPointer {
                copier.copy(Rect(x: 3.5, y: -2, width: 10, height: 3.2), from: $0.baseAddress!, sourceStride: 8, to: page)
            }
        }
        for y in 0..<3 {
            for x in 0..<6 {
                let at = y * format.lineLength + x * 4
                let stored = bytes[at..<at + 4].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
                if x >= 3, y <= 1 {
                    #expect(stored == source[y * 8 + x], "pixel (\(x), \(y))")
                } else {
                    #expect(stored == 0xEEEE_EEEE, "pixel (\(x), \(y)) outside the rectangle")
                }
            }
        }
    }

    @Test("24 bits per pixel: three little-endian bytes, blue first for r@16 g@8 b@0")
    func threeBytes() throws {
        let format = FramebufferFormat(width: 2, height: 1, bitsPerPixel: 24, red: .init(offset: 16, length: 8),
                                       green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8), lineLength: 7)
        let copier = FramebufferCopy(format: format)
        let source: [UInt32] = [0xFF11_2233, 0xFFAA_BBCC]
        let bytes = try Self.throughFile(bytes: format.pageBytes) { page in
            source.withUnsafeBufferPointer { copier.copy(Rect(x: 0, y: 0, width: 2, height: 1), from: $0.baseAddress!, sourceStride: 2, to: page) }
        }
        #expect(bytes == [0x33, 0x22, 0x11, 0xCC, 0xBB, 0xAA, 0xEE])
    }
}
