/**
 * First-load JavaScript per landing route, gzip bytes (decisions 0018, 0028, 0033): checked by
 * scripts/measure-web-bundle.mjs in CI and reported by `npm run bench`.
 */
export const WEB_BUDGETS = { '/login': 101_400, '/dashboard': 121_050 };
