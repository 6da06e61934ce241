import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { skewAngle } from "./skewAngle.js";

/** A 150 DPI letter page of 40 lines of grey "words", turned by `degrees` clockwise. */
function page(degrees: number, ink = "#333") {
  const canvas = createCanvas(1275, 1650);
  const context = canvas.getContext("2d");
  context.fillStyle = "#f4f4f4";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-canvas.width / 2, -canvas.height / 2);
  context.fillStyle = ink;
  for (let line = 0; line < 40; line++) {
    for (let word = 0; word < 12; word++) context.fillRect(150 + word * 82, 150 + line * 34, 30 + ((line * 7 + word * 13) % 40), 14);
  }
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

describe("skewAngle", () => {
  it("measures a page's skew in degrees, positive when lines descend to the right", () => {
    for (const degrees of [0, 1.5, -2, 4, -6.5]) {
      const image = page(degrees);
      expect(Math.abs(skewAngle(image.data, image.width, image.height) - degrees)).toBeLessThanOrEqual(0.2);
    }
  });

  it("finds no skew on a blank page", () => {
    const image = page(3, "#f4f4f4");
    expect(skewAngle(image.data, image.width, image.height)).toBe(0);
  });
});
