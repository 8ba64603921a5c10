// RotarySDL draws RotaryKit's controls: a program that imports RotarySDL gets the models,
// views and draw-list types with it.
@_exported import RotaryKit
