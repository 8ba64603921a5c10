import RotaryKiosk

MallocTuning.apply()
RotaryKioskCommand.main()
