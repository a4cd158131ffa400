import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { huntInfoQueryOptions } from '@/features/hunt/api/hunt-api';
import { availableStreamsQueryOptions } from '@/features/player/api/live-api';
import { PUBLIC_STREAMS } from '@/features/player/testing/fixtures';
import type { HuntInfo } from '@/generated/HuntInfo';
import { TEST_STATION } from '@/test/api-mock';
import { INITIAL_DATA_ID, readInitialData } from './initial-data';
import { stationQueryOptions } from './station';

function writeInitialData(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ID;
  script.textContent = text;
  document.body.append(script);
}

const hunt = {
  idHunt: 3,
  bannerMessage: 'Caça </script> aberta',
  prizes: [],
} as unknown as HuntInfo;

describe('the initial data the server writes into the page', () => {
  afterEach(() => document.getElementById(INITIAL_DATA_ID)?.remove());

  it('reads the hunt the page carries, with the escaped < restored', () => {
    writeInitialData(
      '{"huntInfo":{"idHunt":3,"bannerMessage":"Caça \\u003c/script> aberta","prizes":[]}}',
    );
    expect(readInitialData()).toEqual({ huntInfo: hunt });
  });

  it('is empty without the element (the desktop app) or with a broken one', () => {
    expect(readInitialData()).toEqual({});
    writeInitialData('{"huntInfo":');
    expect(readInitialData()).toEqual({});
    document.getElementById(INITIAL_DATA_ID)?.remove();
    writeInitialData('42');
    expect(readInitialData()).toEqual({});
  });

  it('starts the query cache with it: the hunt, or no hunt, without asking the API', () => {
    const withHunt = createQueryClient({ huntInfo: hunt });
    const state = withHunt.getQueryState(huntInfoQueryOptions().queryKey);
    expect(state?.data).toEqual(hunt);
    expect(state?.status).toBe('success');

    const none = createQueryClient({ huntInfo: null });
    expect(none.getQueryState(huntInfoQueryOptions().queryKey)?.status).toBe('success');
    expect(none.getQueryData(huntInfoQueryOptions().queryKey)).toBeNull();

    const unknown = createQueryClient({});
    expect(unknown.getQueryState(huntInfoQueryOptions().queryKey)).toBeUndefined();
  });

  it('starts the query cache with the station profile and the public streams', () => {
    const client = createQueryClient({ station: TEST_STATION, streams: PUBLIC_STREAMS });
    expect(client.getQueryState(stationQueryOptions().queryKey)).toMatchObject({
      status: 'success',
      data: TEST_STATION,
    });
    expect(client.getQueryData(availableStreamsQueryOptions().queryKey)).toEqual(PUBLIC_STREAMS);
    const none = createQueryClient({});
    expect(none.getQueryState(stationQueryOptions().queryKey)).toBeUndefined();
    expect(none.getQueryState(availableStreamsQueryOptions().queryKey)).toBeUndefined();
  });
});
