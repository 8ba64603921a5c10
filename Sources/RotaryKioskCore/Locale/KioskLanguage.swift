import RotaryKit

/// A language the kiosk has built-in words for: the words, how numbers are written and
/// which way text runs. Facts from common usage on appliances and in Unicode CLDR (the
/// short form of "minute", the decimal separator).
public struct KioskLanguage: Equatable, Sendable {
    /// The ISO 639-1 code: "de", "ja".
    public let code: String
    /// The language's English name, for messages and logs: "German".
    public let name: String
    public let words: KioskWords
    /// Between the whole part and the decimals with western digits.
    public let decimalSeparator: String
    public let direction: ReadingDirection
    /// How its times of day are written on appliances: 12 hours with AM and PM in English,
    /// 24 hours elsewhere.
    public var clock: ClockStyle { code == "en" ? .twelveHour : .twentyFourHour }

    /// English: the kiosk's words when no language is chosen.
    public static let english = KioskLanguage(code: "en", name: "English", words: KioskWords(
        start: "Start", running: "running", paused: "paused", done: "Done", holdToCancel: "hold to cancel", minutes: "{n} min",
        pause: "Pause", resume: "Resume", stop: "Stop", hold: "hold", limit: "limit reached: {n} min",
        setTime: "Turn the dial to set the time", until: "until {n}", finishedAt: "Finished at {n}", tapForNext: "Tap for the next start",
        cancelsIn: "cancels in {n}"))

    /// Every built-in language, English first.
    public static let all: [KioskLanguage] = [
        english,
        KioskLanguage(code: "de", name: "German", words: KioskWords(
            start: "Start", running: "läuft", paused: "pausiert", done: "Fertig", holdToCancel: "zum Abbrechen gedrückt halten",
            minutes: "{n} Min.",
            pause: "Pause", resume: "Weiter", stop: "Stopp", hold: "halten", limit: "Höchstdauer erreicht: {n} Min.",
            setTime: "Zeit am Ring einstellen", until: "bis {n}", finishedAt: "Fertig um {n}", tapForNext: "Tippen für den nächsten Start",
            cancelsIn: "Abbruch in {n}"), decimalSeparator: ","),
        KioskLanguage(code: "fr", name: "French", words: KioskWords(
            start: "Démarrer", running: "en cours", paused: "en pause", done: "Terminé", holdToCancel: "maintenir pour annuler",
            minutes: "{n} min",
            pause: "Pause", resume: "Reprendre", stop: "Arrêt", hold: "maintenir", limit: "limite atteinte : {n} min",
            setTime: "Tournez le cadran pour régler la durée", until: "jusqu’à {n}", finishedAt: "Terminé à {n}", tapForNext: "Touchez pour recommencer",
            cancelsIn: "annulation dans {n}"), decimalSeparator: ","),
        KioskLanguage(code: "es", name: "Spanish", words: KioskWords(
            start: "Iniciar", running: "en marcha", paused: "en pausa", done: "Terminado", holdToCancel: "mantén pulsado para cancelar",
            minutes: "{n} min",
            pause: "Pausa", resume: "Reanudar", stop: "Parar", hold: "mantener", limit: "límite alcanzado: {n} min",
            setTime: "Gire el dial para fijar el tiempo", until: "hasta las {n}", finishedAt: "Terminó a las {n}", tapForNext: "Toque para empezar de nuevo",
            cancelsIn: "se cancela en {n}"), decimalSeparator: ","),
        KioskLanguage(code: "it", name: "Italian", words: KioskWords(
            start: "Avvia", running: "in corso", paused: "in pausa", done: "Terminato", holdToCancel: "tieni premuto per annullare",
            minutes: "{n} min",
            pause: "Pausa", resume: "Riprendi", stop: "Stop", hold: "tieni premuto", limit: "limite raggiunto: {n} min",
            setTime: "Ruota la ghiera per impostare il tempo", until: "fino alle {n}", finishedAt: "Terminato alle {n}", tapForNext: "Tocca per ricominciare",
            cancelsIn: "si annulla tra {n}"), decimalSeparator: ","),
        KioskLanguage(code: "fi", name: "Finnish", words: KioskWords(
            start: "Käynnistä", running: "käynnissä", paused: "tauolla", done: "Valmis", holdToCancel: "peruuta pitämällä painettuna",
            minutes: "{n} min",
            pause: "Tauko", resume: "Jatka", stop: "Lopeta", hold: "pidä painettuna", limit: "raja saavutettu: {n} min",
            setTime: "Aseta aika kääntämällä kehää", until: "klo {n} asti", finishedAt: "Valmis klo {n}", tapForNext: "Kosketa aloittaaksesi uudelleen",
            cancelsIn: "peruuntuu {n} kuluttua"), decimalSeparator: ","),
        KioskLanguage(code: "sv", name: "Swedish", words: KioskWords(
            start: "Starta", running: "pågår", paused: "pausad", done: "Klar", holdToCancel: "håll in för att avbryta",
            minutes: "{n} min",
            pause: "Paus", resume: "Fortsätt", stop: "Stopp", hold: "håll in", limit: "gränsen nådd: {n} min",
            setTime: "Vrid ratten för att ställa in tiden", until: "till {n}", finishedAt: "Klar {n}", tapForNext: "Tryck för att börja om",
            cancelsIn: "avbryts om {n}"), decimalSeparator: ","),
        KioskLanguage(code: "pl", name: "Polish", words: KioskWords(
            start: "Start", running: "trwa", paused: "wstrzymano", done: "Gotowe", holdToCancel: "przytrzymaj, aby anulować",
            minutes: "{n} min",
            pause: "Pauza", resume: "Wznów", stop: "Stop", hold: "przytrzymaj", limit: "osiągnięto limit: {n} min",
            setTime: "Obróć pokrętło, aby ustawić czas", until: "do {n}", finishedAt: "Zakończono o {n}", tapForNext: "Dotknij, aby zacząć od nowa",
            cancelsIn: "anulowanie za {n}"), decimalSeparator: ","),
        KioskLanguage(code: "ja", name: "Japanese", words: KioskWords(
            start: "スタート", running: "作動中", paused: "一時停止中", done: "完了", holdToCancel: "長押しでキャンセル",
            minutes: "{n}分",
            pause: "一時停止", resume: "再開", stop: "停止", hold: "長押し", limit: "上限 {n}分",
            setTime: "ダイヤルを回して時間を設定", until: "{n}まで", finishedAt: "{n}に完了", tapForNext: "タッチして次のスタート",
            cancelsIn: "あと{n}で取消")),
        KioskLanguage(code: "zh", name: "Chinese", words: KioskWords(
            start: "开始", running: "运行中", paused: "已暂停", done: "完成", holdToCancel: "长按取消", minutes: "{n}分钟",
            pause: "暂停", resume: "继续", stop: "停止", hold: "长按", limit: "已达上限 {n}分钟",
            setTime: "转动刻度盘设定时间", until: "至 {n}", finishedAt: "{n} 完成", tapForNext: "轻触开始下一次",
            cancelsIn: "{n} 后取消")),
        KioskLanguage(code: "ar", name: "Arabic", words: KioskWords(
            start: "ابدأ", running: "قيد التشغيل", paused: "متوقف مؤقتًا", done: "انتهى", holdToCancel: "اضغط مطولًا للإلغاء",
            minutes: "{n} د",
            pause: "إيقاف مؤقت", resume: "استئناف", stop: "إيقاف", hold: "مطولًا", limit: "الحد الأقصى {n} د",
            setTime: "أدر القرص لضبط الوقت", until: "حتى {n}", finishedAt: "انتهى في {n}", tapForNext: "المس للبدء من جديد",
            cancelsIn: "يُلغى خلال {n}"), direction: .rightToLeft),
        KioskLanguage(code: "he", name: "Hebrew", words: KioskWords(
            start: "התחלה", running: "פועל", paused: "מושהה", done: "הסתיים", holdToCancel: "לחיצה ארוכה לביטול",
            minutes: "{n} דק׳",
            pause: "השהיה", resume: "המשך", stop: "עצירה", hold: "לחיצה ארוכה", limit: "הגעת למגבלה: {n} דק׳",
            setTime: "סובבו את החוגה כדי לקבוע זמן", until: "עד {n}", finishedAt: "הסתיים ב־{n}", tapForNext: "געו כדי להתחיל שוב",
            cancelsIn: "יבוטל בעוד {n}"), direction: .rightToLeft),
    ]

    init(code: String, name: String, words: KioskWords, decimalSeparator: String = ".",
         direction: ReadingDirection = .leftToRight) {
        self.code = code
        self.name = name
        self.words = words
        self.decimalSeparator = decimalSeparator
        self.direction = direction
    }

    /// The built-in language for `tag`: a code ("de") or a code with a region ("de-AT",
    /// "de_CH"), in any case; nil when there is none. Chinese in traditional characters
    /// (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant`) has none: the built-in words are simplified.
    public static func named(_ tag: String) -> KioskLanguage? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        let code = parts.first ?? ""
        if code == "zh", parts.dropFirst().contains(where: { ["tw", "hk", "mo", "hant"].contains($0) }) { return nil }
        return all.first { $0.code == code }
    }
}
