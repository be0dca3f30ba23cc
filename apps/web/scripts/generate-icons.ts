/**
 * Draws the web app's icons and Open Graph image (public/icons/*.png) from SVG with Debian's Chromium. Run it
 * after changing the mark: `node --import tsx apps/web/scripts/generate-icons.ts`. The PNGs are committed, so the
 * build does not need a browser.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const iconsDir = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');

/** The Tessera mark (public/favicon.svg) on a square; `inset` leaves the maskable safe zone. */
function markSvg(size: number, inset: number, rounded: boolean): string {
  const scale = (size - 2 * inset) / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="#0b3b3c"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})">
    <rect x="7" y="7" width="8" height="8" rx="1.5" fill="#5fd3c6"/>
    <rect x="17" y="7" width="8" height="8" rx="1.5" fill="#f3b562"/>
    <rect x="12" y="17" width="8" height="8" rx="1.5" fill="#e8f4f2"/>
  </g>
</svg>`;
}

const ogHtml = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;gap:28px;
  padding:0 96px;box-sizing:border-box;background:#0b3b3c;color:#e8f4f2;font-family:'DejaVu Sans',sans-serif">
  <div style="display:flex;align-items:center;gap:28px">${markSvg(120, 0, true)}
    <span style="font-size:96px;font-weight:700;letter-spacing:-2px">Tessera</span></div>
  <div style="font-size:44px;line-height:1.25;max-width:960px;color:#cfe9e5">
    Banking, trading and investing on one ledger you can verify.</div>
</div></body></html>`;

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const icons = [
      { file: 'icon-192.png', size: 192, inset: 0, rounded: true },
      { file: 'icon-512.png', size: 512, inset: 0, rounded: true },
      { file: 'icon-maskable-512.png', size: 512, inset: 96, rounded: false },
      { file: 'apple-touch-icon.png', size: 180, inset: 18, rounded: false },
    ];
    for (const icon of icons) {
      await page.setViewportSize({ width: icon.size, height: icon.size });
      await page.setContent(
        `<body style="margin:0;background:transparent">${markSvg(icon.size, icon.inset, icon.rounded)}</body>`,
      );
      await writeFile(join(iconsDir, icon.file), await page.screenshot({ omitBackground: true }));
    }
    await page.setViewportSize({ width: 1200, height: 630 });
    await page.setContent(ogHtml);
    await writeFile(join(iconsDir, 'og-image.png'), await page.screenshot());
  } finally {
    await browser.close();
  }
}

void main();
