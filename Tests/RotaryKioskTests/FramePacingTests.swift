import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Frame pacing without vsync")
struct FramePacingTests {
    @Test("frames that take no time start one refresh apart, never sooner")
    func steadyBeat() {
        var pacer = FramePacer(hertz: 60)
        var now = 100.0
        var starts: [Double] = []
        for _ in 0..<120 {
            now += pacer.wait(at: now)
            starts.append(now)
            now += 0.001  // drawing takes a millisecond
        }
        let intervals = zip(starts, starts.dropFirst()).map { $1 - $0 }
        #expect(intervals.allSatisfy { abs($0 - 1.0 / 60) < 1e-9 })
    }

    @Test("a frame started late is followed by one sooner, so the rate stays the display's")
    func lateFrameKeepsTheBeat() {
        var pacer = FramePacer(hertz: 50)
        #expect(pacer.wait(at: 0) == 0)
        // The next frame was due at 0.020; the loop comes back at 0.025 (5 ms late).
        #expect(pacer.wait(at: 0.025) == 0)
        // The one after is due at 0.040, on the beat, not at 0.045.
        #expect(abs(pacer.wait(at: 0.026) - 0.014) < 1e-9)
    }

    @Test("after a pause longer than a refresh the next frame starts at once, and the beat starts again from it")
    func pauseRestartsTheBeat() {
        var pacer = FramePacer(hertz: 60)
        _ = pacer.wait(at: 0)
        #expect(pacer.wait(at: 5) == 0)
        #expect(abs(pacer.wait(at: 5.001) - (1.0 / 60 - 0.001)) < 1e-9)
    }
}

@Suite("Choosing the renderer")
struct RendererChoiceTests {
    @Test("without a GPU device OpenGL is never loaded: the software renderer")
    func noGPU() {
        var asked = false
        let verdict = RendererChoice.auto(hasGPUDevice: false) {
            asked = true
            return "V3D 4.2"
        }
        #expect(verdict == .software(why: "no GPU device in /dev/dri"))
        #expect(!asked)
    }

    @Test("a GPU device whose OpenGL runs on the CPU: the software renderer, saying which rasteriser",
          arguments: ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "kms_swrast",
                      "Google SwiftShader"])
    func cpuRasteriser(name: String) {
        #expect(RendererChoice.auto(hasGPUDevice: true) { name }
            == .software(why: "OpenGL here is \(name), a rasteriser on the CPU"))
    }

    @Test("a real GPU keeps the accelerated renderer", arguments: ["V3D 4.2", "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
                                                                   "AMD Radeon RX 580 (polaris10, LLVM 15.0.6, DRM 3.49)"])
    func gpu(name: String) {
        #expect(RendererChoice.auto(hasGPUDevice: true) { name } == .accelerated(why: "OpenGL on a GPU: \(name)"))
    }
}
