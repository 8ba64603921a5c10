// RotarySDL draws RotaryKit's controls: a program that imports RotarySDL gets the models,
// views and draw-list types with it.
@_exported import RotaryKit

// SDL's C API comes with RotarySDL: `import RotarySDL` is all a program needs to call SDL
// (SDL2, SDL_image and SDL_ttf, through the package's CSDL2 module), so the `SDL_Event`,
// `SDL_Renderer` and `SDL_Window` it makes are the very types InputMapper and
// Renderer(adopting:) take. A program with a module map of its own for SDL would have
// types of another name for the same structs; it uses this one instead.
@_exported import CSDL2
