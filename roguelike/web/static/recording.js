// Each finished game's recordings (asciicasts the host wrote) in asciinema-player.
"use strict";
document.querySelectorAll(".recording[data-src]").forEach((el) => {
  AsciinemaPlayer.create(el.dataset.src, el, {
    fit: "width", idleTimeLimit: 2, preload: true,
    terminalFontFamily: '"DejaVu Sans Mono", "Menlo", "Consolas", monospace',
  });
});
