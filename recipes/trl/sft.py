"""Stage 1 with TRL: full-parameter SFT on EXPORT/trl/sft_train.jsonl (conversational `messages`).

Cannot run here (no GPU, no weights); tests check that it compiles and that the files and keys
it reads exist in an akgen data export.
usage: accelerate launch recipes/trl/sft.py --export EXPORT --model MODEL --out OUT
"""
import argparse
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--export", required=True, help="akgen data export --format all --out EXPORT")
    parser.add_argument("--model", default="Qwen/Qwen3-8B")
    parser.add_argument("--out", default="saves/kernelgen-sft-trl")
    args = parser.parse_args()

    from datasets import load_dataset
    from trl import SFTConfig, SFTTrainer

    files = {"train": os.path.join(args.export, "trl/sft_train.jsonl"),
             "validation": os.path.join(args.export, "trl/sft_validation.jsonl")}
    data = load_dataset("json", data_files=files)
    config = SFTConfig(output_dir=args.out, max_length=16384, num_train_epochs=3,
                       learning_rate=1e-5, per_device_train_batch_size=1, gradient_accumulation_steps=8,
                       bf16=True, lr_scheduler_type="cosine", warmup_ratio=0.05, eval_strategy="steps",
                       eval_steps=500, save_steps=500, logging_steps=10)
    trainer = SFTTrainer(model=args.model, args=config, train_dataset=data["train"], eval_dataset=data["validation"])
    trainer.train()
    trainer.save_model(args.out)


if __name__ == "__main__":
    main()
