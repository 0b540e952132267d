import { newId } from '../../ids.ts';

/** 128 random bits, base64url: unguessable, so knowing an id is the only access check a search needs. */
export const newSearchId = newId;

export const SEARCH_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
