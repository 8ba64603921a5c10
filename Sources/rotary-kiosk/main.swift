import RotaryKiosk

RotaryKioskCommand.main()
