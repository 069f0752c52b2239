import rule from '../../src/rules/no-client-secret-in-source.js';
import { createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const names = { clientSecret: 'client_secret', clientId: 'client_id', responseTypeParam: 'response_type', code: 'code' };
const bodyLiteral = "const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'app', client_secret: 'kq8Jx2vN5r' });";
const constant = "export const CLIENT_SECRET = 'kq8Jx2vN5r';";
const field = "class TokenClient { private clientSecret = 'kq8Jx2vN5r'; }";
const formString = "axios.post('/sts/connect/token', 'grant_type=client_credentials&client_id=app&client_secret=kq8Jx2vN5r');";
const basic = "const headers = { Authorization: 'Basic YXBwOmtxOEp4MnZONXI=' };";
const formEncodedPlaceholders = "const fixtures = [{ Authorization: 'Basic dGhlK2NsaWVudCtpZDp0aGUrY2xpZW50K3NlY3JldA==' }, { client_id: 'the+client+id', client_secret: 'the+client+secret' }];";
const plusSecret = "const creds = { client_id: 'app', client_secret: 'kq8J+x2vN5r' };";
const implicit = [
  'const clientSecret = process.env.CLIENT_SECRET;',
  'location.assign(`/sts/connect/authorize?client_id=app&response_type=token&state=${state}`);',
].join('\n');

createTypeScriptRuleTester().run('no-client-secret-in-source', forRuleTester(rule), {
  valid: [
    { name: 'a secret read from the environment', code: "const clientSecret = process.env.ADV_CLIENT_SECRET ?? '';" },
    { name: 'an empty placeholder', code: "const config = { client_secret: '' };" },
    { name: 'a name that merely contains the words', code: "const clientSecretHeader = 'X-Client-Secret';" },
    { name: 'a Basic header built at run time', code: 'const headers = { Authorization: `Basic ${basic}` };' },
    { name: 'a Basic realm, not a credential', code: "res.setHeader('WWW-Authenticate', 'Basic realm=api'); const h = { Authorization: 'Basic realm' };" },
    { name: 'a secret in a type', code: "interface Creds { client_secret: 'abc' }" },
    { name: 'placeholder words form-encoded as OAuth does before Basic (the+client+secret)', code: formEncodedPlaceholders },
    { name: 'a secret read in code that runs the authorization code flow', code: 'const s = process.env.CLIENT_SECRET;\nlocation.assign(`/sts/connect/authorize?client_id=a&response_type=code&state=${st}`);' },
  ],
  invalid: [
    { name: 'reports a literal in a form body object', code: bodyLiteral, errors: [{ messageId: 'clientSecretLiteral', data: names, ...positionOf(bodyLiteral, "'kq8") }] },
    { name: 'reports a constant', code: constant, errors: [{ messageId: 'clientSecretLiteral', data: names, ...positionOf(constant, "'kq8") }] },
    { name: 'reports a class field', code: field, errors: [{ messageId: 'clientSecretLiteral', data: names, ...positionOf(field, "'kq8") }] },
    { name: 'reports a secret in a form string', code: formString, errors: [{ messageId: 'clientSecretLiteral', data: names, ...positionOf(formString, "'grant") }] },
    { name: 'reports a Basic credential literal', code: basic, errors: [{ messageId: 'basicCredentialLiteral', data: names, ...positionOf(basic, "'Basic") }] },
    { name: 'reports a secret with a + in it (not words once decoded)', code: plusSecret, errors: [{ messageId: 'clientSecretLiteral', data: names, ...positionOf(plusSecret, "'kq8") }] },
    { name: 'reports any client secret in code that runs the implicit flow', code: implicit, errors: [{ messageId: 'clientSecretInImplicitFlow', data: names, ...positionOf(implicit, 'process.env') }] },
  ],
});
