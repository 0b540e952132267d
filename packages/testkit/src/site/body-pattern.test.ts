import { describe, expect, it } from 'vitest';
import { compileBody } from './body-pattern.ts';

describe('body patterns', () => {
  it('JSON bodies match structurally, whatever the spacing, and every other value must be equal', () => {
    const body = compileBody({ kind: 'json', value: { query: 'q($n:String)', variables: { name: '{username}' } } });
    expect(body.matches('{"query":"q($n:String)","variables":{"name":"ann"}}')).toEqual(['ann']);
    expect(body.matches('{ "variables": { "name": "ann" }, "query": "q($n:String)" }')).toEqual(['ann']);
    expect(body.matches('{"query":"other","variables":{"name":"ann"}}')).toBeNull();
    expect(body.matches('{"query":"q($n:String)","variables":{"name":"ann","x":1}}')).toBeNull();
    expect(body.matches('not json')).toBeNull();
  });

  it('the username may sit inside a longer string (GraphQL)', () => {
    const body = compileBody({ kind: 'json', value: { query: 'query{User(name:"{username}"){id}}' } });
    expect(body.matches('{"query":"query{User(name:\\"ann\\"){id}}"}')).toEqual(['ann']);
  });

  it('form bodies match by parameters', () => {
    const body = compileBody({
      kind: 'form',
      params: [
        ['user', '{username}'],
        ['check', '1'],
      ],
    });
    expect(body.matches('user=j+doe&check=1')).toEqual(['j doe']);
    expect(body.matches('check=1&user=ann')).toBeNull();
  });

  it('raw bodies match as text', () => {
    const body = compileBody({ kind: 'raw', text: 'name={username};' });
    expect(body.matches('name=ann;')).toEqual(['ann']);
    expect(body.matches('name=ann')).toBeNull();
  });
});
