import { DetailErrorSchema } from '@hound/contracts';

/** The error answers of the billing and Email Plus routes (all `{detail, code}`), for their OpenAPI schemas. */
export const BILLING_ROUTE_ERRORS = {
  400: DetailErrorSchema,
  401: DetailErrorSchema,
  402: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
  409: DetailErrorSchema,
  429: DetailErrorSchema,
  502: DetailErrorSchema,
  503: DetailErrorSchema,
};
