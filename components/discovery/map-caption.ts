import { formatNumber } from "@/lib/format/count";

/**
 * What the results map says under it: how many of the listed events it shows, and where the
 * others are. `more`: further pages exist, so it speaks of the events loaded so far.
 */
export function mapCaption(onMap: number, listed: number, more: boolean): string {
  const events = `${formatNumber(listed)} eventos${more ? " cargados" : ""}`;
  if (onMap === listed) return listed === 1 ? "El evento tiene ubicación en el mapa." : `Los ${events} tienen ubicación en el mapa.`;
  if (onMap === 0) return listed === 1 ? "El evento no tiene ubicación en el mapa: está en la lista." : `Ninguno de los ${events} tiene ubicación en el mapa: están en la lista.`;
  return `${formatNumber(onMap)} de ${events} ${onMap === 1 ? "tiene" : "tienen"} ubicación en el mapa; los que son en línea o no tienen ubicación están en la lista.`;
}
