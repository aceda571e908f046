export * from './bot-emulator-server.js';
export * from './typebot-emulator.js';
export * from './webhook-emulator.js';
export * from './openai-emulator.js';
export * from './dialogflow-emulator.js';
export * from './azure-tts-emulator.js';
