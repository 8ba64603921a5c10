// swift-tools-version:6.1
import Foundation
import PackageDescription

/// Every SVG under assets/, embedded in the binary so the default theme is built in.
let assetFiles: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("assets")
    return ["icons", "segments", "ui"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted().map { "\(folder)/\($0)" }
    }
}()

/// The examples in Examples/: one executable each, named example-<kebab-case folder>.
let examples: [(name: String, folder: String)] = [
    ("example-game-wheel", "GameWheel"),
    ("example-timer-dial", "TimerDial"),
    ("example-arc-slider", "ArcSlider"),
    ("example-knob", "Knob"),
    ("example-category-strip", "CategoryStrip"),
    ("example-gallery", "Gallery"),
    ("example-wheel-bench", "WheelBench"),
]

let package = Package(
    name: "Rotary",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "RotaryKit", targets: ["RotaryKit"]),
        .library(name: "RotarySDL", targets: ["RotarySDL"]),
        .library(name: "RotaryKioskCore", targets: ["RotaryKioskCore"]),
        .library(name: "RotaryKiosk", targets: ["RotaryKiosk"]),
        .executable(name: "rotary-kiosk", targets: ["rotary-kiosk"]),
    ],
    // The kiosk's own packages (argument parsing, logging, TOML) come with the Kiosk trait, on
    // by default; a program that only embeds the controls depends on Rotary with
    // `traits: []` and never resolves them.
    traits: [
        .trait(name: "Kiosk", description: "The rotary-kiosk app: RotaryKiosk and its command line, log and config packages."),
        .default(enabledTraits: ["Kiosk"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libmosquitto's header only (libmosquitto-dev): CMosquittoLoader opens the library
        // itself, when the kiosk first makes an MQTT client.
        .systemLibrary(name: "CMosquitto"),
        .target(name: "CMosquittoLoader", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .systemLibrary(
            name: "CLinuxPanel",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),
        .systemLibrary(name: "CSpawn"),
        .systemLibrary(name: "CAlsaLog"),
        .systemLibrary(name: "CThread"),
        .systemLibrary(name: "CMalloc"),
        .target(name: "CBuildInfo"),
        // The polar rings' per-pixel loops: C, so an embedder's debug build draws them at a few
        // times the release cost instead of a hundred.
        .target(name: "CRotaryRaster"),
        .systemLibrary(name: "CCrypt"),
        .target(
            name: "RotaryKit",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        .target(
            name: "RotaryAssets",
            path: "assets",
            sources: ["RotaryAssets.swift"],
            resources: assetFiles.map { .embedInCode($0) }
        ),
        .target(
            name: "RotarySDL",
            dependencies: ["CSDL2", "CFontconfig", "CFriBidi", "CHarfBuzz", "CRotaryRaster", "CBuildInfo", "RotaryKit", "RotaryAssets"]
        ),
        // The kiosk's rules, screen model and views: pure, like RotaryKit (no SDL, files,
        // clocks or threads); the shell in RotaryKiosk carries out what they ask.
        .target(name: "RotaryKioskCore", dependencies: ["RotaryKit", "RotaryAssets", .product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "RotaryKiosk",
            dependencies: [
                "RotaryKioskCore", "RotaryKit", "RotarySDL", "RotaryAssets", "CSpawn", "CMalloc", "CSQLite", "CCrypt", "CMosquitto", "CMosquittoLoader", "CLinuxPanel", "CAlsaLog", "CThread", "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Kiosk"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Kiosk"])),
                .product(name: "TOMLKit", package: "TOMLKit", condition: .when(traits: ["Kiosk"])),
            ]
        ),
        .executableTarget(name: "rotary-kiosk", dependencies: ["RotaryKiosk"]),
        .target(name: "ExampleSupport", dependencies: ["RotarySDL", "CSDL2"], path: "Examples/ExampleSupport"),
        .target(name: "GoldenSupport", dependencies: ["RotarySDL"], path: "Tests/GoldenSupport"),
        .testTarget(name: "RotaryKitTests", dependencies: ["RotaryKit"]),
        // The Golden folders hold reference pictures, read by path (GoldenSupport), not resources.
        .testTarget(name: "RotarySDLTests", dependencies: ["RotarySDL", "GoldenSupport"], exclude: ["Golden"]),
        // The kiosk's rules as values (events in, effects out, time as `dt`): RotaryKioskCore
        // alone, no SDL, files or processes, so it builds and runs in seconds.
        .target(name: "SessionSupport", dependencies: ["RotaryKioskCore"], path: "Tests/SessionSupport"),
        .testTarget(name: "RotaryKioskCoreTests", dependencies: ["RotaryKioskCore", "RotaryKit", "SessionSupport"]),
        .testTarget(
            name: "RotaryKioskTests",
            dependencies: ["RotaryKiosk", "RotaryKioskCore", "GoldenSupport", "SessionSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fuzz/Corpus", "Golden"]
        ),
    ] + examples.map { example in
        .executableTarget(name: example.name, dependencies: ["ExampleSupport", "RotarySDL", "CSDL2"],
                          path: "Examples/\(example.folder)")
    }
)
