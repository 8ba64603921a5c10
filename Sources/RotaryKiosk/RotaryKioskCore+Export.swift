// The kiosk's pure rules and views come with the shell: a program that embeds the kiosk
// imports RotaryKiosk and sees the session, its events and effects as before.
@_exported import RotaryKioskCore
