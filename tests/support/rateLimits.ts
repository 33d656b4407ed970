/** Rate limits high enough never to answer 429 to the suite, which signs in and pays from one address. */
export const UNLIMITED_RATES = {
  router: { SIGN_IN_LIMIT_PER_ADDRESS: '1000000', SIGN_IN_LIMIT_PER_USER_KEY: '1000000' },
  membership: { PAY_LINK_LIMIT_PER_ADDRESS: '1000000' },
};
