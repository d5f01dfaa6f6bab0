/** Where the sign-up page leaves the new test key for the dashboard home to show once (then it is deleted). */
export const NEW_KEY_STORAGE = "cauri:new-test-key";
