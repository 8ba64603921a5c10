import RotaryKiosk

StartupTimeline.markMain()
MallocTuning.apply()
RotaryKioskCommand.main()
