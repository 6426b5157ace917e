import CChafa
import Glibc
import MoviesCore

/// Draws pixels as terminal text with libchafa: Unicode block symbols in colour, or a graphics
/// protocol (kitty, iTerm2, sixel). The only file that imports chafa; every call's result is
/// checked in one place, ``check(_:_:)``.
enum ChafaCanvas {
  /// How many colours symbols may use.
  enum Colors: Sendable, Hashable {
    case trueColor
    case indexed256
  }

  /// A chafa call that gave nothing back (chafa returns no status codes: its constructors
  /// return NULL when they fail).
  struct Error: Swift.Error, UserFacingError {
    var call: String

    var code: ErrorCode { .thumbnail }
    var message: String { "The poster could not be drawn (\(call) failed)." }
  }

  /// Every chafa result goes through here: a NULL is the call's failure, named.
  private static func check<T>(_ result: T?, _ call: String) throws(Error) -> T {
    guard let result else { throw Error(call: call) }
    return result
  }

  /// The picture: `geometry.rows` lines of text ending in a newline for symbols, else one
  /// graphics sequence. A graphics mode draws `geometry` cells of `cell` pixels each, so the
  /// picture is as many pixels as the cells it covers.
  static func draw(
    _ image: RGBAImage, geometry: PreviewGeometry, mode: PreviewMode, colors: Colors,
    cell: CellSize = .standard
  ) throws(Error) -> String {
    let symbols = try check(chafa_symbol_map_new(), "chafa_symbol_map_new")
    defer { chafa_symbol_map_unref(symbols) }
    // Blocks and spaces only: each is one column wide in every terminal font.
    chafa_symbol_map_add_by_tags(
      symbols,
      ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))

    let config = try check(chafa_canvas_config_new(), "chafa_canvas_config_new")
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(geometry.columns), Int32(geometry.rows))
    chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
    // A graphics mode makes its own palette from the picture (sixel) or sends it whole: the
    // terminal's colours limit only symbols.
    if colors == .trueColor || mode != .symbols {
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    } else {
      // 256 colours: the 240 fixed ones (the first 16 follow the terminal's theme and turn
      // a sky pink), matched in a perceptual colour space so a blue stays blue instead of
      // the nearest entry by RGB distance (a violet), and no dither: error diffusion put a
      // different colour in most cells of a smooth sky (noise), and even a light ordered
      // dither striped it; the block symbols already soften the steps between colours.
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240)
      chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
      chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_DIN99D)
      chafa_canvas_config_set_color_extractor(config, CHAFA_COLOR_EXTRACTOR_AVERAGE)
    }
    chafa_canvas_config_set_pixel_mode(config, pixelMode(mode))
    chafa_canvas_config_set_symbol_map(config, symbols)

    let canvas = try check(chafa_canvas_new(config), "chafa_canvas_new")
    defer { chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(image.width),
        Int32(image.height), Int32(image.width * 4))
    }

    // The fallback description knows the sequences of every mode, so the chosen mode is used
    // as asked, whatever TERM says.
    let database = try check(chafa_term_db_get_default(), "chafa_term_db_get_default")
    let terminal = try check(
      chafa_term_db_get_fallback_info(database), "chafa_term_db_get_fallback_info")
    defer { chafa_term_info_unref(terminal) }
    let printed = try check(chafa_canvas_print(canvas, terminal), "chafa_canvas_print")
    defer { movies_g_string_free(printed) }
    let text = try check(printed.pointee.str, "chafa_canvas_print")
    // Symbols are lines of text; a graphics sequence is placed by its caller.
    return mode == .symbols ? String(cString: text) + "\u{1B}[0m\n" : String(cString: text)
  }

  private static func pixelMode(_ mode: PreviewMode) -> ChafaPixelMode {
    switch mode {
    case .kitty: CHAFA_PIXEL_MODE_KITTY
    case .iterm: CHAFA_PIXEL_MODE_ITERM2
    case .sixel: CHAFA_PIXEL_MODE_SIXELS
    case .symbols, .auto: CHAFA_PIXEL_MODE_SYMBOLS
    }
  }
}
