/** The address of the icon sprite, a content-hashed asset of the build (scripts/vite-icon-sprite.ts). */
declare module 'virtual:icon-sprite' {
  const url: string;
  export default url;
}
