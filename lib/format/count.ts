// Counts with their Spanish noun: "1 seguidor", "1.234 seguidores".

const numberFormat = new Intl.NumberFormat("es-MX");

export function formatCount(n: number, singular: string, plural: string): string {
  return `${numberFormat.format(n)} ${n === 1 ? singular : plural}`;
}

export function formatFollowers(n: number): string {
  return formatCount(n, "seguidor", "seguidores");
}
