// The 16x2 LCD drawn as the simulator's PNG draws it (sim/lcd_png.c, the
// geometry from sim/lcd_png.h through board-data.js): blue backlit glass,
// white dots with gaps between them and between the 5x8 cells, so that a
// screenshot of the page and the simulator's picture match dot for dot.
// With the backlight off the glass goes dark and the dots grey.
import { board } from 'board-data';

const geometry = board.lcdPicture;
const COLOURS = {
  lit: {
    bezel: [18, 20, 26],
    glassTop: [36, 78, 240],
    glassBottom: [22, 52, 206],
    dotOffLift: [10, 16, 14],
    dotOn: [228, 238, 255],
  },
  dark: {
    bezel: [18, 20, 26],
    glassTop: [10, 16, 44],
    glassBottom: [8, 12, 36],
    dotOffLift: [4, 6, 6],
    dotOn: [96, 104, 120],
  },
};

const css = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;

function glassColour(colours, y) {
  const span = geometry.height - 2 * geometry.bezel;
  const at = Math.min(Math.max(y - geometry.bezel, 0), span);
  return colours.glassTop.map((top, i) => top + Math.trunc(((colours.glassBottom[i] - top) * at) / span));
}

export function setUpLcdCanvas(canvas) {
  canvas.width = geometry.width;
  canvas.height = geometry.height;
  return canvas.getContext('2d');
}

// Draws what `board` shows now; backlight true while it is on.
export function drawLcd(context, boardState, backlight) {
  const colours = backlight ? COLOURS.lit : COLOURS.dark;
  const { width, height, bezel, origin, dot, dotPitch, cellPitchX, cellPitchY } = geometry;
  context.fillStyle = css(colours.bezel);
  context.fillRect(0, 0, width, height);
  for (let y = bezel; y < height - bezel; y++) {
    context.fillStyle = css(glassColour(colours, y));
    context.fillRect(bezel, y, width - 2 * bezel, 1);
  }
  const lcd = boardState.lcd;
  const cursor = lcd.cursor(boardState.cycles);
  for (let row = 0; row < board.lcdRows; row++) {
    for (let column = 0; column < board.lcdColumns; column++) {
      let rows = lcd.displayOn ? boardState.cellDots(row, column).slice() : new Array(8).fill(0);
      if (cursor && cursor.row === row && cursor.column === column) {
        if (cursor.underline) rows[7] = 0x1f;
        if (cursor.block) rows = new Array(8).fill(0x1f);
      }
      for (let dotY = 0; dotY < 8; dotY++) {
        const y = origin + row * cellPitchY + dotY * dotPitch;
        for (let dotX = 0; dotX < 5; dotX++) {
          const x = origin + column * cellPitchX + dotX * dotPitch;
          if (rows[dotY] & (0x10 >> dotX)) {
            context.fillStyle = css(colours.dotOn);
            context.fillRect(x, y, dot, dot);
          } else {
            for (let line = 0; line < dot; line++) {
              const glass = glassColour(colours, y + line);
              context.fillStyle = css(glass.map((c, i) => c + colours.dotOffLift[i]));
              context.fillRect(x, y + line, dot, 1);
            }
          }
        }
      }
    }
  }
}
