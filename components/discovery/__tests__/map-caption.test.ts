import { describe, expect, test } from "@jest/globals";
import { mapCaption } from "../map-caption";

// The sentence under the results map agrees with its numbers, as a person would say it.

describe("mapCaption", () => {
  test("todos en el mapa", () => {
    expect(mapCaption(1, 1, false)).toBe("El evento tiene ubicación en el mapa.");
    expect(mapCaption(3, 3, false)).toBe("Los 3 eventos tienen ubicación en el mapa.");
    expect(mapCaption(20, 20, true)).toBe("Los 20 eventos cargados tienen ubicación en el mapa.");
  });

  test("ninguno en el mapa", () => {
    expect(mapCaption(0, 1, false)).toBe("El evento no tiene ubicación en el mapa: está en la lista.");
    expect(mapCaption(0, 2, false)).toBe("Ninguno de los 2 eventos tiene ubicación en el mapa: están en la lista.");
  });

  test("algunos en el mapa", () => {
    expect(mapCaption(1, 3, false)).toBe("1 de 3 eventos tiene ubicación en el mapa; los que son en línea o no tienen ubicación están en la lista.");
    expect(mapCaption(1200, 1500, true)).toBe("1,200 de 1,500 eventos cargados tienen ubicación en el mapa; los que son en línea o no tienen ubicación están en la lista.");
  });
});
