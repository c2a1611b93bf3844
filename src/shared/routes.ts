/** Every page path the client has a screen for (SPEC.md section 2). Anything else is the not-found page. */
const clientRoutes: RegExp[] = [
  /^\/$/,
  /^\/(tools|services|trending|categories|compare|favorites|dashboard|provider|admin|auth|privacy-policy|terms-conditions|how-reviews-work|contact|pricing|reset-password|invitation)\/?$/,
  /^\/provider\/insight\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/(tool|service|company)\/[^/]+\/?$/,
];

export const isClientRoute = (pathname: string) => clientRoutes.some((route) => route.test(pathname));
