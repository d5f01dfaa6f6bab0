"use client";

import { useActionState, useEffect, useRef } from "react";

/**
 * What an account form's server action answered when the form was posted before (or without) its
 * script: the error code (null on success), whether it succeeded, what to echo back (the e-mail a
 * link went to), and when (`at` 0 = nothing posted yet).
 */
export type FormAnswer = { code: string | null; ok: boolean; echo: string | null; at: number };

export type FormAnswerAction = (state: FormAnswer, formData: FormData) => Promise<FormAnswer>;

const NOTHING_YET: FormAnswer = { code: null, ok: false, echo: null, at: 0 };

/** The form's server action and its answer: the page rendered after a post without script starts from it (read it when initialising state). */
export function useFormAnswer(action: FormAnswerAction) {
  return useActionState(action, NOTHING_YET);
}

/** Calls `onLater` with an answer that arrives after the first render: a post React replays after hydration (a tap just before the script ran). */
export function useLaterAnswer(answer: FormAnswer, onLater: (answer: FormAnswer) => void) {
  const seen = useRef(answer.at);
  const later = useRef(onLater);
  useEffect(() => {
    later.current = onLater;
  });
  useEffect(() => {
    if (answer.at === seen.current) return;
    seen.current = answer.at;
    later.current(answer);
  }, [answer]);
}
