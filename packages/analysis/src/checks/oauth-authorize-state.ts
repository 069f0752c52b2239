import { describeEndpoint, identityProvider } from '@sunset/rule-data';
import { oauthCheck } from './oauth-check.js';

const { params } = identityProvider;

export default oauthCheck(
  'oauth-authorize-state',
  'Require `state` in authorization requests, and `nonce` when they ask for an id_token',
  { 'missing-state': 'missingState', 'missing-nonce': 'missingNonce' },
  (problem) => ({
    endpoint: describeEndpoint(identityProvider.authorize),
    state: params.state,
    nonce: params.nonce,
    responseTypeParam: params.responseType,
    responseType: problem.detail ?? '',
  }),
);
