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

// The glass with every dot unlit, drawn once for each backlight state.
const backgrounds = new Map();

function background(colours) {
  if (backgrounds.has(colours)) return backgrounds.get(colours);
  const canvas = document.createElement('canvas');
  canvas.width = geometry.width;
  canvas.height = geometry.height;
  const context = canvas.getContext('2d');
  const { width, height, bezel, origin, dot, dotPitch, cellPitchX, cellPitchY } = geometry;
  context.fillStyle = css(colours.bezel);
  context.fillRect(0, 0, width, height);
  for (let y = bezel; y < height - bezel; y++) {
    context.fillStyle = css(glassColour(colours, y));
    context.fillRect(bezel, y, width - 2 * bezel, 1);
  }
  for (let row = 0; row < board.lcdRows; row++) {
    for (let dotY = 0; dotY < 8; dotY++) {
      const y = origin + row * cellPitchY + dotY * dotPitch;
      for (let line = 0; line < dot; line++) {
        const glass = glassColour(colours, y + line);
        context.fillStyle = css(glass.map((c, i) => c + colours.dotOffLift[i]));
        for (let column = 0; column < board.lcdColumns; column++) {
          for (let dotX = 0; dotX < 5; dotX++) {
            context.fillRect(origin + column * cellPitchX + dotX * dotPitch, y + line, dot, 1);
          }
        }
      }
    }
  }
  backgrounds.set(colours, canvas);
  return canvas;
}

// Draws what `boardState` shows now; backlight true while it is on.
export function drawLcd(context, boardState, backlight) {
  const colours = backlight ? COLOURS.lit : COLOURS.dark;
  const { origin, dot, dotPitch, cellPitchX, cellPitchY } = geometry;
  context.drawImage(background(colours), 0, 0);
  const lcd = boardState.lcd;
  if (!lcd.displayOn) return;
  const cursor = lcd.cursor(boardState.cycles);
  context.fillStyle = css(colours.dotOn);
  for (let row = 0; row < board.lcdRows; row++) {
    for (let column = 0; column < board.lcdColumns; column++) {
      let rows = boardState.cellDots(row, column).slice();
      if (cursor && cursor.row === row && cursor.column === column) {
        if (cursor.underline) rows[7] = 0x1f;
        if (cursor.block) rows = new Array(8).fill(0x1f);
      }
      for (let dotY = 0; dotY < 8; dotY++) {
        if (!rows[dotY]) continue;
        const y = origin + row * cellPitchY + dotY * dotPitch;
        for (let dotX = 0; dotX < 5; dotX++) {
          if (rows[dotY] & (0x10 >> dotX)) context.fillRect(origin + column * cellPitchX + dotX * dotPitch, y, dot, dot);
        }
      }
    }
  }
}
