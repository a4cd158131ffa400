// Helpers for tests that need a logged-in listener: the session cookie in a browser context, a valid
// CPF per listener, and a complete registration through the profile API (promotions and the treasure
// hunt take part only with a complete registration, G13/S13).

let cpfCounter = 0;

/** A valid CPF (11 digits, check digits right, never all equal), different at every call. */
export function validCpf() {
  cpfCounter += 1;
  const seed = (Date.now() % 1_000_000) * 1000 + cpfCounter * 7 + 101;
  const base = String(seed).padStart(9, '1').slice(-9).split('').map(Number);
  const check = (digits) => {
    const weight = digits.length + 1;
    const sum = digits.reduce((total, digit, index) => total + digit * (weight - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const digits = [...base, first, check([...base, first])];
  if (digits.every((digit) => digit === digits[0])) return validCpf();
  return digits.join('');
}

/** The page's note that this browser has a session (ui/src/features/auth/session-actions.ts). */
const SESSION_HINT_KEY = 'onda.hadSession';

/**
 * Puts the listener's session cookie (a1_token, HttpOnly as the server sets it) in a context, with
 * the note a login leaves in localStorage: without it the page does not ask getProfile at start-up.
 * The note is written once per tab, so a logout in the test stays a logout after a reload.
 */
export async function addSession(context, stationUrl, token) {
  const { hostname } = new URL(stationUrl);
  await context.addCookies([
    {
      name: 'a1_token',
      value: token,
      domain: hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  await context.addInitScript((key) => {
    try {
      if (window.sessionStorage.getItem('e2e.sessionHint')) return;
      window.sessionStorage.setItem('e2e.sessionHint', '1');
      window.localStorage.setItem(key, '1');
    } catch {
      // about:blank has no storage
    }
  }, SESSION_HINT_KEY);
}

/** A call of the station's API with the listener's bearer token; the parsed JSON envelope. */
export async function apiCall(stationUrl, token, path, body) {
  const response = await fetch(`${stationUrl}/api/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The id of a city of a state, by name, from the public profile API. */
export async function cityId(stationUrl, stateId, name) {
  const response = await fetch(`${stationUrl}/api/v1/profile/getCitiesByState/${stateId}`);
  const { data } = await response.json();
  const city = data.find((item) => item.cityName === name);
  if (!city) throw new Error(`no city ${name} in state ${stateId}`);
  return city.cityId;
}

/** São Paulo (the IBGE code the server uses as the state's id). */
export const SAO_PAULO = 35;

/**
 * Completes the listener's registration with `profile/updateProfile` (what the profile page sends):
 * last name, CPF, birthday, gender, phone, CEP, state and city, district, street and number.
 */
export async function completeProfile(stationUrl, token, fields = {}) {
  const user = {
    lastName: 'Teste',
    cpf: validCpf(),
    birthday: '1990-05-20',
    gender: 'FEMININO',
    telefone: '(11) 98765-4321',
    cep: '13010-000',
    stateId: SAO_PAULO,
    cityId: await cityId(stationUrl, SAO_PAULO, 'Campinas'),
    district: 'Centro',
    street: 'Rua das Flores',
    streetNumber: '123',
    ...fields,
  };
  const reply = await apiCall(stationUrl, token, 'profile/updateProfile', { user });
  if (reply.body.status !== 'success' || reply.body.data.user.registrationComplete !== true)
    throw new Error(`updateProfile: ${JSON.stringify(reply.body)}`);
  return reply.body.data.user;
}
