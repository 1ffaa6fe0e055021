declare module '@phensley/cldr/packs/*.json' {
  const pack: unknown;
  export default pack;
}
