// How the Fearsome Floors board names its squares: columns a–p from the exit's side, rows 1–11 from the top,
// so the exit is a1 and the entrance p11. The board prints these letters and numbers around the floor, and
// the log and the prompts use the same names (the terminal does too: floors/terminal.py square_name).
export const COLUMN_LETTERS = "abcdefghijklmnop";

export function squareName(sq) {
  return sq ? `${COLUMN_LETTERS[sq[0]]}${sq[1] + 1}` : "—";
}
