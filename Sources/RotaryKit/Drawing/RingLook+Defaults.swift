extension RingLook {
    /// A look sized for `ring`, ready to draw: one item per label of the ring (with the icon
    /// of `icons` at the same index, where there is one), on `fill`, with 2-pixel gaps
    /// between items and the items not under the marker at 60 % opacity. Without icons the
    /// names sit in the middle of the band; with icons the icons sit two thirds of the way
    /// out and the names a third. Names are set at about a sixth of the band's width (a
    /// seventh with icons; at least 8 points), icons at 30 % of it.
    ///
    ///     let wheel = RingControl(id: "weapon", kind: .wheel, labels: ["Bolt", "Fire", "Ice"],
    ///                             center: Point(x: 200, y: 200), innerRadius: 40, outerRadius: 120)
    ///     let look = RingLook(for: wheel, icons: [.builtIn("icons/bolt"), .builtIn("icons/flame")])
    public init(for ring: RingControl, icons: [ArtSource?] = [], fill: RGBA = RGBA(51, 65, 85)) {
        self.init(items: ring.labels.indices.map { i in
            RingItemLook(label: ring.labels[i], icon: icons.indices.contains(i) ? icons[i] : nil)
        }, fill: fill)
        let band = max(0, ring.outerRadius - ring.innerRadius)
        let hasIcons = icons.contains { $0 != nil }
        labelSize = max(8, Int((band * (hasIcons ? 0.14 : 0.17)).rounded()))
        labelRadius = ring.innerRadius + band * (hasIcons ? 0.33 : 0.5)
        if hasIcons {
            iconSize = band * 0.3
            iconRadius = ring.innerRadius + band * 0.66
        }
        style.gapPixels = 2
        style.dimmedOpacity = 0.6
    }
}
