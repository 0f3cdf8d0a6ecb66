/** The published Prometheus text parser ships no types: it takes the text and returns prom2json's shape. */
declare module 'parse-prometheus-text-format' {
  export default function parse(text: string): unknown[]
}
